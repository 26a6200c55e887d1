import { ALL, type Row, SIGNED_IN } from './table.ts';

/**
 * Issue 16 "The supporter's own account" (ADR 0093): change the e-mail and the password, each for the
 * signed-in user only (the rows send bad input, so nobody's account changes); the change link is a
 * browser link anyone may open (a bad one redirects with `invalid`).
 */
export const rows: Row[] = [
  {
    route: 'PUT /api/email',
    url: '/api/email',
    payload: { email: 'not-an-address' },
    expect: SIGNED_IN(422),
  },
  { route: 'GET /api/email/change', url: '/api/email/change?id=1', expect: ALL(303) },
  {
    route: 'PUT /api/password',
    url: '/api/password',
    payload: { current_password: 'wrong', password: '' },
    expect: SIGNED_IN(422),
  },
];
