import { ALL, SIGNED_IN, STAFF, type Row } from './table.ts';

/** The authorisation rows of the advertisements feature. */
export const rows: Row[] = [
  // Issue 13 (demo data: request 1 live, 2 ended, 3 sent back; units 1 supporter offered, 2 fan1 accepted,
  // 3 fan2 posted, 4 fan3 approved). Requests of a shop are its company's and staff's; a unit is its
  // supporter's, its shop's and staff's; anyone else gets 404 (nothing disclosed).
  { route: 'POST /api/advertisements', url: '/api/advertisements', payload: {}, expect: SIGNED_IN(422) },
  {
    route: 'POST /api/advertisements',
    url: '/api/advertisements',
    payload: { shop_id: 3 },
    expect: [401, 403, 403, 201, 201],
  },
  {
    route: 'GET /api/advertisements',
    url: '/api/advertisements?shop_id=1',
    expect: [401, 403, 200, 200, 200],
  },
  { route: 'GET /api/advertisements/:id', url: '/api/advertisements/3', expect: [401, 404, 200, 200, 200] },
  // A supporter with a unit of the request reads it.
  { route: 'GET /api/advertisements/:id', url: '/api/advertisements/1', expect: SIGNED_IN(200) },
  // Public facts of an ended request (its /period page); a live or draft request is 404 to everyone.
  { route: 'GET /api/advertisements/:id/period', url: '/api/advertisements/2/period', expect: ALL(200) },
  { route: 'GET /api/advertisements/:id/period', url: '/api/advertisements/1/period', expect: ALL(404) },
  {
    route: 'PUT /api/advertisements/:id',
    url: '/api/advertisements/1',
    payload: {},
    expect: [401, 404, 409, 409, 409],
  },
  {
    route: 'POST /api/advertisements/:id/images',
    url: '/api/advertisements/3/images',
    expect: [401, 404, 422, 422, 422],
  },
  {
    route: 'POST /api/advertisements/:id/submit',
    url: '/api/advertisements/1/submit',
    expect: [401, 404, 409, 409, 409],
  },
  {
    route: 'POST /api/advertisements/:id/approve',
    url: '/api/advertisements/2/approve',
    expect: [401, 403, 403, 409, 409],
  },
  {
    route: 'POST /api/advertisements/:id/reject',
    url: '/api/advertisements/2/reject',
    payload: { reason: '理由' },
    expect: [401, 403, 403, 409, 409],
  },
  {
    route: 'POST /api/first-advertising',
    url: '/api/first-advertising',
    payload: { shop_id: 3 },
    expect: [401, 403, 403, 201, 409],
  },
  { route: 'GET /api/units', url: '/api/units', expect: SIGNED_IN(200) },
  { route: 'GET /api/units', url: '/api/units?shop_id=1', expect: [401, 403, 200, 200, 200] },
  { route: 'GET /api/units/:id', url: '/api/units/1', expect: SIGNED_IN(200) },
  { route: 'GET /api/units/:id', url: '/api/units/2', expect: [401, 404, 200, 200, 200] },
  // Only a unit's own supporter answers its offer or reports its post.
  { route: 'POST /api/units/:id/accept', url: '/api/units/2/accept', expect: [401, 404, 404, 404, 404] },
  { route: 'POST /api/units/:id/decline', url: '/api/units/2/decline', expect: [401, 404, 404, 404, 404] },
  {
    route: 'POST /api/units/:id/proof',
    url: '/api/units/2/proof',
    payload: { post_url: 'https://x.com/someone/status/1234567890' },
    expect: [401, 404, 404, 404, 404],
  },
  // Only the shop's company and staff judge (unit 4 is approved already: approving again is idempotent).
  { route: 'POST /api/units/:id/approve', url: '/api/units/4/approve', expect: [401, 404, 200, 200, 200] },
  {
    route: 'POST /api/units/:id/reject',
    url: '/api/units/4/reject',
    payload: { reason: '投稿が見つからない' },
    expect: [401, 404, 409, 409, 409],
  },
  // Issue 23: staff override a reversal (unit 4 is approved, not reversed: 409 for staff).
  {
    route: 'POST /api/units/:id/reinstate',
    url: '/api/units/4/reinstate',
    payload: { note: '投稿は残っていることを確認しました' },
    expect: STAFF(409),
  },
  { route: 'GET /api/rewards', url: '/api/rewards', expect: SIGNED_IN(200) },
];
