import { type Row, STAFF } from './table.ts';

/** A valid order for shop 1 (the demo café, published; owner@example.com is a member of its company). */
export const POP_ORDER = {
  shop_id: 1,
  quantity: 2,
  recipient_name: '佐藤 健',
  postal_code: '150-0041',
  prefecture: '東京都',
  address: '渋谷区神南1-2-3',
  phone: '03-1234-5678',
};

/**
 * The authorisation rows of POP orders (issue 16 "Shop materials"): members of the shop's company (and
 * staff) order and read their shop's orders; another user gets a 404, as if the shop did not exist; the
 * order list and the status are for staff.
 */
export const rows: Row[] = [
  {
    route: 'POST /api/pop-orders',
    url: '/api/pop-orders',
    payload: POP_ORDER,
    expect: [401, 404, 201, 201, 201],
  },
  {
    route: 'GET /api/pop-orders/mine',
    url: '/api/pop-orders/mine?shop_id=1',
    expect: [401, 404, 200, 200, 200],
  },
  { route: 'GET /api/pop-orders', url: '/api/pop-orders', expect: STAFF(200) },
  {
    route: 'PUT /api/pop-orders/:id',
    url: '/api/pop-orders/999999',
    payload: { status: '発送済' },
    expect: STAFF(404),
  },
];
