import { ALL, type Row } from './table.ts';

/** The authorisation rows of the profiles feature's routes. */
export const rows: Row[] = [
  // Public profiles (seed spec section 2): a published shop and a supporter for everyone; a shop under
  // review is not public even for its own members (they manage it elsewhere), and bad names are a 422.
  { route: 'GET /api/profiles/:screen_name', url: '/api/profiles/demo-cafe', expect: ALL(200) },
  { route: 'GET /api/profiles/:screen_name', url: '/api/profiles/demo-supporter', expect: ALL(200) },
  { route: 'GET /api/profiles/:screen_name', url: '/api/profiles/demo-bakery', expect: ALL(404) },
  { route: 'GET /api/profiles/:screen_name', url: '/api/profiles/bad%20name', expect: ALL(422) },
];
