import { ALL, SIGNED_IN, type Row } from './table.ts';

/** The authorisation rows of the shops feature added by issue 12 (companies, applications, review, search, favourites). */
export const rows: Row[] = [
  // Issue 12: companies (members and staff; another company is the same 404 as a missing one), the
  // staff review, shop profiles, covers, search, favourites and the supporter list.
  { route: 'POST /api/companies', url: '/api/companies', payload: {}, expect: SIGNED_IN(422) },
  { route: 'GET /api/companies', url: '/api/companies', expect: [401, 403, 403, 200, 200] },
  { route: 'GET /api/companies/:id', url: '/api/companies/1', expect: [401, 404, 200, 200, 200] },
  { route: 'GET /api/companies/:id', url: '/api/companies/2', expect: [401, 404, 404, 200, 200] },
  {
    route: 'PUT /api/companies/:id',
    url: '/api/companies/2',
    payload: {
      name: '合同会社しんさちゅう',
      name_kana: 'ごうどうがいしゃしんさちゅう',
      representative: '鈴木 一郎',
      postal_code: '530-0001',
      address: '大阪府大阪市北区梅田4-5-6',
      phone: '06-1234-5678',
    },
    expect: [401, 404, 404, 200, 200],
  },
  {
    route: 'POST /api/companies/:id/review',
    url: '/api/companies/2/review',
    payload: { paid_status: '審査中' },
    expect: [401, 403, 403, 200, 200],
  },
  { route: 'GET /api/shops', url: '/api/shops', expect: ALL(200) },
  { route: 'GET /api/shops', url: '/api/shops?type=follow', expect: SIGNED_IN(200) },
  { route: 'POST /api/shops', url: '/api/shops', payload: {}, expect: SIGNED_IN(422) },
  { route: 'GET /api/staff/shops', url: '/api/staff/shops', expect: [401, 403, 403, 200, 200] },
  {
    route: 'PUT /api/shops/:id',
    url: '/api/shops/3',
    payload: {
      name: 'らーめん審査中',
      screen_name: 'demo-ramen',
      category: 'ラーメン',
      prefecture: '大阪府',
      address: '大阪府大阪市北区梅田4-5-6',
      phone: '06-1234-5678',
    },
    expect: [401, 404, 404, 200, 200],
  },
  { route: 'GET /api/shops/:id/details', url: '/api/shops/1/details', expect: [401, 404, 200, 200, 200] },
  // Without a multipart body the caller who may upload gets the Japanese 422 under `cover`.
  { route: 'POST /api/shops/:id/cover', url: '/api/shops/1/cover', expect: [401, 404, 422, 422, 422] },
  { route: 'POST /api/shops/:id/cover', url: '/api/shops/3/cover', expect: [401, 404, 404, 422, 422] },
  {
    route: 'POST /api/shops/:id/reviews',
    url: '/api/shops/2/reviews',
    payload: { decision: 'reject' },
    expect: [401, 403, 403, 422, 422],
  },
  { route: 'POST /api/shops/:id/favorite', url: '/api/shops/1/favorite', expect: SIGNED_IN(200) },
  // Shop 2 is under review: it cannot be followed.
  { route: 'POST /api/shops/:id/favorite', url: '/api/shops/2/favorite', expect: [401, 404, 404, 404, 404] },
  { route: 'DELETE /api/shops/:id/favorite', url: '/api/shops/4/favorite', expect: SIGNED_IN(200) },
  {
    route: 'GET /api/shops/:id/supporters',
    url: '/api/shops/1/supporters',
    expect: [401, 404, 200, 200, 200],
  },
  {
    route: 'GET /api/shops/:id/supporters',
    url: '/api/shops/4/supporters',
    expect: [401, 404, 404, 200, 200],
  },
];
