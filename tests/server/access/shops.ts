import { ALL, SIGNED_IN, type Row } from './table.ts';

/** The authorisation rows of the shops feature's routes. */
export const rows: Row[] = [
  { route: 'GET /api/shops/:id', url: '/api/shops/1', expect: ALL(200) },
  // A shop under review exists only for its company's members and staff.
  { route: 'GET /api/shops/:id', url: '/api/shops/2', expect: [404, 404, 200, 200, 200] },
  // Issue 10 item 8: for anyone but its people and staff a shop to act for does not exist (404, not 403).
  { route: 'POST /api/shops/:id/login', url: '/api/shops/1/login', expect: [401, 404, 200, 200, 200] },
  { route: 'POST /api/shops/:id/login', url: '/api/shops/3/login', expect: [401, 404, 404, 200, 200] },
  { route: 'GET /api/shops/:id/status', url: '/api/shops/1/status', expect: [401, 404, 200, 200, 200] },
  { route: 'GET /api/shops/:id/status', url: '/api/shops/3/status', expect: [401, 404, 404, 200, 200] },
  { route: 'GET /api/myShops', url: '/api/myShops', expect: SIGNED_IN(200) },
];
