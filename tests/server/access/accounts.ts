import { ALL, SIGNED_IN, type Row } from './table.ts';

/** The authorisation rows of the accounts feature's routes. */
export const rows: Row[] = [
  {
    route: 'POST /api/login',
    url: '/api/login',
    payload: { email: 'nobody@example.com', password: 'wrong-password' },
    expect: ALL(422),
  },
  { route: 'POST /api/logout', url: '/api/logout', expect: SIGNED_IN(200) },
  { route: 'POST /api/refresh', url: '/api/refresh', expect: SIGNED_IN(200) },
  { route: 'GET /api/me', url: '/api/me', expect: SIGNED_IN(200) },
  {
    route: 'PUT /api/users/flag-up',
    url: '/api/users/flag-up',
    payload: { flag: 'watchedAdvertiserRule' },
    expect: SIGNED_IN(200),
  },
  // Issue 25 (ADR 0167): supporter mode remembered for the next login.
  {
    route: 'PUT /api/users/mode',
    url: '/api/users/mode',
    payload: { mode: 'focustar' },
    expect: SIGNED_IN(200),
  },
  { route: 'GET /api/roles', url: '/api/roles', expect: [401, 403, 403, 200, 200] },
  { route: 'POST /api/register', url: '/api/register', payload: {}, expect: ALL(422) },
  { route: 'POST /api/email/resend', url: '/api/email/resend', expect: SIGNED_IN(200) },
  { route: 'GET /api/email/verify', url: '/api/email/verify?id=1&expires=1&signature=x', expect: ALL(303) },
  {
    route: 'POST /api/password/email',
    url: '/api/password/email',
    payload: { email: 'nobody@example.com' },
    expect: ALL(200),
  },
  {
    route: 'POST /api/password/reset',
    url: '/api/password/reset',
    payload: { token: 'not-a-token', email: 'nobody@example.com', password: 'Kirin-no-hoshi-77' },
    expect: ALL(422),
  },
  {
    route: 'POST /api/leave',
    url: '/api/leave',
    payload: { password: 'wrong-password' },
    expect: SIGNED_IN(422),
  },
  { route: 'GET /api/oauth/:provider/url', url: '/api/oauth/line/url', expect: ALL(200) },
  {
    route: 'GET /api/oauth/:provider/callback',
    url: '/api/oauth/line/callback?code=a&state=b',
    expect: ALL(303),
  },
  {
    route: 'POST /api/oauth/:provider/login',
    url: '/api/oauth/line/login',
    payload: { code: 'a'.repeat(43) },
    expect: ALL(422),
  },
  { route: 'DELETE /api/oauth/:provider', url: '/api/oauth/line', expect: SIGNED_IN(422) },
];
