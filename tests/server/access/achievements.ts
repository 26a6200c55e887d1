import { ALL, type Row, STAFF } from './table.ts';

/** Issue 16 (ADR 0094): the top page's figures are public; the customer voices are managed by staff. */
export const rows: Row[] = [
  { route: 'GET /api/achievements', url: '/api/achievements', expect: ALL(200) },
  { route: 'GET /api/customer-voices', url: '/api/customer-voices', expect: STAFF(200) },
  {
    route: 'POST /api/customer-voices',
    url: '/api/customer-voices',
    payload: { name: '', kind: 'shop', body: '' },
    expect: STAFF(422),
  },
  {
    route: 'PUT /api/customer-voices/:id',
    url: '/api/customer-voices/999999',
    payload: { published: true },
    expect: STAFF(404),
  },
  { route: 'DELETE /api/customer-voices/:id', url: '/api/customer-voices/999999', expect: STAFF(404) },
];
