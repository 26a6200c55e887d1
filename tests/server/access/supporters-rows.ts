import { ALL, SIGNED_IN, type Row } from './table.ts';

/** The authorisation rows of the supporters-rows feature. */
export const rows: Row[] = [
  // Issue 16: the supporter's own SNS accounts and profile (any signed-in user, their own rows only)...
  { route: 'GET /api/social-accounts', url: '/api/social-accounts', expect: SIGNED_IN(200) },
  {
    route: 'POST /api/social-accounts',
    url: '/api/social-accounts',
    payload: { provider: 'instagram', handle: '' },
    expect: SIGNED_IN(422),
  },
  // The seed's waiting account 2 is fan1's: nobody else may delete it (404, as if it did not exist).
  {
    route: 'DELETE /api/social-accounts/:id',
    url: '/api/social-accounts/2',
    expect: [401, 404, 404, 404, 404],
  },
  { route: 'GET /api/users/me/profile', url: '/api/users/me/profile', expect: SIGNED_IN(200) },
  { route: 'PUT /api/users/me/profile', url: '/api/users/me/profile', payload: {}, expect: SIGNED_IN(422) },
  { route: 'PUT /api/users/me/avatar', url: '/api/users/me/avatar', expect: SIGNED_IN(422) },
  { route: 'DELETE /api/users/me/avatar', url: '/api/users/me/avatar', expect: SIGNED_IN(200) },
  // ...and the staff tools: SNS review and the supporter list (staff; the table refuses supporters and shops).
  {
    route: 'GET /api/social-accounts/review',
    url: '/api/social-accounts/review',
    expect: [401, 403, 403, 200, 200],
  },
  {
    route: 'POST /api/social-accounts/:id/approve',
    url: '/api/social-accounts/999999/approve',
    expect: [401, 403, 403, 404, 404],
  },
  {
    route: 'POST /api/social-accounts/:id/reject',
    url: '/api/social-accounts/999999/reject',
    payload: { reason: '確認できませんでした' },
    expect: [401, 403, 403, 404, 404],
  },
  { route: 'GET /api/users', url: '/api/users', expect: [401, 403, 403, 200, 200] },
  { route: 'GET /api/users/export', url: '/api/users/export', expect: [401, 403, 403, 200, 200] },
  { route: 'GET /api/users/:id', url: '/api/users/1', expect: [401, 403, 403, 200, 200] },
  {
    route: 'PUT /api/users/:id/status',
    url: '/api/users/1/status',
    payload: { status: '保留' },
    expect: [401, 403, 403, 422, 422],
  },
  // Issue 24 "Role changes": admins only (staff are refused before the body is read); no such user is 404.
  {
    route: 'PUT /api/users/:id/role',
    url: '/api/users/999999/role',
    payload: { role: 'staff' },
    expect: [401, 403, 403, 403, 404],
  },
  // Issue 16: index pictures. The top page's read is public; managing them is for staff.
  { route: 'GET /api/random-index-pictures', url: '/api/random-index-pictures', expect: ALL(200) },
  { route: 'GET /api/index-pictures', url: '/api/index-pictures', expect: [401, 403, 403, 200, 200] },
  { route: 'POST /api/index-pictures', url: '/api/index-pictures', expect: [401, 403, 403, 422, 422] },
  {
    route: 'PUT /api/index-pictures/order',
    url: '/api/index-pictures/order',
    payload: { ids: [999999] },
    expect: [401, 403, 403, 422, 422],
  },
  {
    route: 'PUT /api/index-pictures/:id',
    url: '/api/index-pictures/999999',
    payload: { active: false },
    expect: [401, 403, 403, 404, 404],
  },
  {
    route: 'DELETE /api/index-pictures/:id',
    url: '/api/index-pictures/999999',
    expect: [401, 403, 403, 404, 404],
  },
  // Issue 16: shop materials, for the shop's company members and staff (others see no such shop).
  {
    route: 'GET /api/materials/:id/qr.svg',
    url: '/api/materials/1/qr.svg',
    expect: [401, 404, 200, 200, 200],
  },
  {
    route: 'GET /api/materials/:id/qr.png',
    url: '/api/materials/1/qr.png',
    expect: [401, 404, 200, 200, 200],
  },
  {
    route: 'GET /api/materials/:id/pop.pdf',
    url: '/api/materials/1/pop.pdf',
    expect: [401, 404, 200, 200, 200],
  },
  {
    route: 'GET /api/materials/:id/pop.pdf',
    url: '/api/materials/2/pop.pdf',
    expect: [401, 404, 409, 409, 409],
  },
];
