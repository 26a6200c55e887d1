import { type Row, STAFF } from './table.ts';

/** The authorisation rows of the URL shortener (issue 16 "Staff tools"): staff and admins only. */
export const rows: Row[] = [
  { route: 'GET /api/shrinkers', url: '/api/shrinkers', expect: STAFF(200) },
  {
    route: 'POST /api/shrinkers',
    url: '/api/shrinkers',
    payload: { url: 'ftp://example.com/' },
    expect: STAFF(422),
  },
  { route: 'GET /api/shrinkers/:id', url: '/api/shrinkers/999999', expect: STAFF(404) },
  {
    route: 'PUT /api/shrinkers/:id',
    url: '/api/shrinkers/999999',
    payload: { active: false },
    expect: STAFF(404),
  },
];
