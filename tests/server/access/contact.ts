import { type Row, SIGNED_IN, STAFF } from './table.ts';

/** The authorisation rows of the contact feature (issue 9): users write, staff handle. */
export const rows: Row[] = [
  {
    route: 'POST /api/contact',
    url: '/api/contact',
    payload: { topic: 'その他', body: '権限の確認です。' },
    expect: SIGNED_IN(201),
  },
  { route: 'GET /api/contact', url: '/api/contact', expect: STAFF(200) },
  // Issue 25 (10): `/support` lists one's own messages.
  { route: 'GET /api/contact/mine', url: '/api/contact/mine', expect: SIGNED_IN(200) },
  {
    route: 'PUT /api/contact/:id',
    url: '/api/contact/999999',
    payload: { status: '完了', staff_note: '' },
    expect: STAFF(404),
  },
];
