import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../contracts/common.ts';
import { type TestApp, TestClient } from '../support/app.ts';
import { DB_KINDS } from '../support/db.ts';
import type { Row } from './access/table.ts';
import { createAccountsApp, userIdOf } from './helpers.ts';

/**
 * The authorisation table of issue 5 (product design section 1: deny by default). One row per route of
 * the app: the status each kind of caller gets. The routes come from the app itself (`app.apiRoutes`,
 * every feature's): a route registered without a row fails the suite, so a new feature's route cannot
 * ship without deciding who may call it.
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

const modules = import.meta.glob<{ rows: Row[] }>('./access/*.ts', { eager: true });
export const TABLE: Row[] = Object.entries(modules)
  .filter(([path]) => !path.endsWith('/table.ts'))
  .flatMap(([, m]) => m.rows);

/**
 * Parses `printRoutes({ commonPrefix: false })` (a tree of path segments) into "METHOD /path" of /api, and of
 * the paths outside /api that `also` names (routes that declare their access there: GET /metrics, issue 29).
 */
function routerRoutes(tree: string, also: ReadonlySet<string>): Set<string> {
  const out = new Set<string>();
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const full = (depth ? stack[depth - 1]! : '') + match[2]!;
    stack[depth] = full;
    stack.length = depth + 1;
    if ((!full.startsWith('/api') && !also.has(full)) || !match[3]) continue;
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
      // The router's own view, so that a route registered outside the feature list is caught too.
      const outside = new Set(t.app.apiRoutes.map((r) => r.url).filter((url) => !url.startsWith('/api')));
      expect(routerRoutes(t.app.printRoutes({ commonPrefix: false }), outside)).toEqual(new Set(registered));
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
