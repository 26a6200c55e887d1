import { SIGNED_IN, type Row } from './table.ts';

/** The authorisation rows of the security-rows feature. */
export const rows: Row[] = [
  // Issue 10: the user's own logins; someone else's (or no) login is a 404 (the object check is in the query).
  { route: 'GET /api/sessions', url: '/api/sessions', expect: SIGNED_IN(200) },
  {
    route: 'DELETE /api/sessions/:sessionId',
    url: '/api/sessions/00000000-0000-4000-8000-000000000000',
    expect: SIGNED_IN(404),
  },
];
