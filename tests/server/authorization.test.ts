import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/api/contracts/common.ts';
import { type TestApp, TestClient } from '../support/app.ts';
import { DB_KINDS } from '../support/db.ts';
import { createAccountsApp, userIdOf } from './helpers.ts';

/**
 * The authorisation table of issue 5 (product design section 1: deny by default). One row per route of
 * the app: the status each kind of caller gets. A route registered in the app without a row fails the
 * suite, so a new route cannot ship without deciding who may call it.
 *
 * Columns: guest, focustar (supporter), shop member (owner of shop 1's company), staff, admin.
 */
const ACTORS = ['guest', 'focustar', 'member', 'staff', 'admin'] as const;
type Actor = (typeof ACTORS)[number];
const ACTOR_EMAIL: Record<Exclude<Actor, 'guest'>, string> = {
  focustar: 'supporter@example.com',
  member: 'owner@example.com',
  staff: 'staff@example.com',
  admin: 'admin@example.com',
};

interface Row {
  /** The route as registered: METHOD and URL pattern. */
  route: string;
  /** A concrete call of it. */
  url: string;
  payload?: unknown;
  expect: [guest: number, focustar: number, member: number, staff: number, admin: number];
}

const ALL = (status: number): Row['expect'] => [status, status, status, status, status];
const SIGNED_IN = (status: number): Row['expect'] => [401, status, status, status, status];

export const TABLE: Row[] = [
  { route: 'GET /api/health', url: '/api/health', expect: ALL(200) },
  { route: 'GET /api/version', url: '/api/version', expect: ALL(200) },
  { route: 'GET /api/config', url: '/api/config', expect: ALL(200) },
  { route: 'GET /api/csrf-cookie', url: '/api/csrf-cookie', expect: ALL(204) },
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
  { route: 'GET /api/shops/:id', url: '/api/shops/1', expect: ALL(200) },
  // A shop under review exists only for its company's members and staff.
  { route: 'GET /api/shops/:id', url: '/api/shops/2', expect: [404, 404, 200, 200, 200] },
  { route: 'POST /api/shops/:id/login', url: '/api/shops/1/login', expect: [401, 403, 200, 200, 200] },
  { route: 'POST /api/shops/:id/login', url: '/api/shops/3/login', expect: [401, 403, 403, 200, 200] },
  { route: 'GET /api/shops/:id/status', url: '/api/shops/1/status', expect: [401, 403, 200, 200, 200] },
  { route: 'GET /api/myShops', url: '/api/myShops', expect: SIGNED_IN(200) },
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
  // Public profiles (seed spec section 2): a published shop and a supporter for everyone; a shop under
  // review is not public even for its own members (they manage it elsewhere), and bad names are a 422.
  { route: 'GET /api/profiles/:screen_name', url: '/api/profiles/demo-cafe', expect: ALL(200) },
  { route: 'GET /api/profiles/:screen_name', url: '/api/profiles/demo-supporter', expect: ALL(200) },
  { route: 'GET /api/profiles/:screen_name', url: '/api/profiles/demo-bakery', expect: ALL(404) },
  { route: 'GET /api/profiles/:screen_name', url: '/api/profiles/bad%20name', expect: ALL(422) },
];

/** Parses `printRoutes({ commonPrefix: false })` (a tree of path segments) into "METHOD /path" of /api. */
function routerRoutes(tree: string): Set<string> {
  const out = new Set<string>();
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const full = (depth ? stack[depth - 1]! : '') + match[2]!;
    stack[depth] = full;
    stack.length = depth + 1;
    if (!full.startsWith('/api') || !match[3]) continue;
    for (const method of match[3].split(', ')) if (method !== 'HEAD') out.add(`${method} ${full}`);
  }
  return out;
}

for (const kind of DB_KINDS) {
  describe(`authorisation table: route x guest, focustar, shop member, staff, admin (issue 5) [${kind}]`, () => {
    let t: TestApp;
    const ids = {} as Record<Exclude<Actor, 'guest'>, number>;
    beforeAll(async () => {
      t = await createAccountsApp(kind, {
        LINE_CLIENT_ID: 'line-client',
        LINE_CLIENT_SECRET: 'line-secret',
        LINE_AUTHORIZE_URL: 'https://idp.invalid/authorize',
      });
      for (const actor of Object.keys(ACTOR_EMAIL) as (keyof typeof ACTOR_EMAIL)[]) {
        ids[actor] = await userIdOf(t, ACTOR_EMAIL[actor]);
      }
    });
    afterAll(() => t.close());

    it('every /api route of the app has a row, and every row names a route of the app', () => {
      const registered = new Set(t.app.apiRoutes.map((r) => `${r.method} ${r.url}`));
      // The router's own view, so that a route registered outside routes/index.ts is caught too.
      expect(routerRoutes(t.app.printRoutes({ commonPrefix: false }))).toEqual(new Set(registered));
      const tabled = new Set(TABLE.map((r) => r.route));
      expect(
        [...registered].filter((r) => !tabled.has(r)),
        'routes without a row',
      ).toEqual([]);
      expect(
        [...tabled].filter((r) => !registered.has(r)),
        'rows without a route',
      ).toEqual([]);
      expect(t.app.apiRoutes.every((r) => r.access)).toBe(true);
    });

    for (const row of TABLE) {
      it(`${row.route} (${row.url}): ${row.expect.join(' / ')}`, async () => {
        const [method] = row.route.split(' ') as [string];
        const got: number[] = [];
        for (const actor of ACTORS) {
          const client = new TestClient(t.app);
          // A fresh login per call: rows like logout end the session they are called with.
          if (actor !== 'guest')
            client.token = await t.app.accounts.tokens.issue(ids[actor], 'authorization-table');
          const res = await client.request({
            method,
            url: row.url,
            ...(row.payload !== undefined ? { payload: row.payload as object } : {}),
            remoteAddress: `10.9.${ACTORS.indexOf(actor)}.${TABLE.indexOf(row)}`,
          });
          got.push(res.statusCode);
          if (res.statusCode === 401) expect(res.json()).toEqual({ message: MESSAGES.unauthenticated });
          if (res.statusCode === 403) expect(res.json().message).toMatch(/権限がありません/);
        }
        expect(got).toEqual(row.expect);
      });
    }
  });
}
