import { type Row, SIGNED_IN } from './table.ts';

/**
 * Issue 26 "In-app" (ADR 0176): the bell and /notifications are each signed-in person's own; the read row
 * sends bad input, so nothing changes.
 */
export const rows: Row[] = [
  { route: 'GET /api/notifications', url: '/api/notifications', expect: SIGNED_IN(200) },
  {
    route: 'GET /api/notifications/unread-count',
    url: '/api/notifications/unread-count',
    expect: SIGNED_IN(200),
  },
  {
    route: 'POST /api/notifications/read',
    url: '/api/notifications/read',
    payload: { ids: ['one'] },
    expect: SIGNED_IN(422),
  },
];
