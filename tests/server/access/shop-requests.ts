import { type Row, SIGNED_IN, STAFF } from './table.ts';

/** The authorisation rows of the shop-requests feature (issue 9): users recommend, staff handle. */
export const rows: Row[] = [
  {
    route: 'POST /api/shop-request',
    url: '/api/shop-request',
    payload: { name: '権限確認のお店' },
    expect: SIGNED_IN(201),
  },
  { route: 'GET /api/shop-request', url: '/api/shop-request', expect: STAFF(200) },
  {
    route: 'PUT /api/shop-request/:id',
    url: '/api/shop-request/999999',
    payload: { status: '完了', staff_note: '' },
    expect: STAFF(404),
  },
];
