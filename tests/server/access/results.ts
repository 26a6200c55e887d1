import type { Row } from './table.ts';

/**
 * Issue 27 (ADR 0165): a shop's results are for the members of its company and staff (another user gets a
 * 404, as if the shop did not exist); the operators' dashboard is for admins.
 */
export const rows: Row[] = [
  {
    route: 'GET /api/results',
    url: '/api/results?shop_id=1&from=2026-11-01&to=2026-11-30',
    expect: [401, 404, 200, 200, 200],
  },
  { route: 'GET /api/dashboard', url: '/api/dashboard', expect: [401, 403, 403, 403, 200] },
];
