import { ALL, type Row, SIGNED_IN } from './table.ts';

/**
 * Issue 26 part 2: 通知設定 and the push devices are each signed-in person's own (the rows send bad input or a
 * device nobody has, so nothing changes); the one-click unsubscribe (RFC 8058) takes no login, only its
 * signed token (a bad one is a 404 for everyone).
 */
export const rows: Row[] = [
  { route: 'GET /api/notification-settings', url: '/api/notification-settings', expect: SIGNED_IN(200) },
  {
    route: 'PUT /api/notification-settings',
    url: '/api/notification-settings',
    payload: { channels: { offers: { line: 'yes' } }, quietHours: 'maybe' },
    expect: SIGNED_IN(422),
  },
  { route: 'GET /api/push-subscriptions', url: '/api/push-subscriptions', expect: SIGNED_IN(200) },
  {
    route: 'POST /api/push-subscriptions',
    url: '/api/push-subscriptions',
    payload: { endpoint: 'not a url', keys: { p256dh: 'x', auth: 'y' } },
    expect: SIGNED_IN(422),
  },
  {
    route: 'DELETE /api/push-subscriptions/:id',
    url: '/api/push-subscriptions/999999',
    expect: SIGNED_IN(404),
  },
  {
    route: 'POST /api/unsubscribe',
    url: '/api/unsubscribe?token=1.news.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    expect: ALL(404),
  },
];
