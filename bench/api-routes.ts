import { sql } from 'drizzle-orm';
import type { Db } from '../server/platform/db/client.ts';
import { BROWSER, one, type Pools, type Route as AnyRoute, visitorNetwork } from './stack.ts';

/**
 * The routes of `bench:api` and what each must have written (issue 29): shared by bench/api.ts and
 * `bench:pg-restart` (bench/pg-restart.ts), which puts the same load on a server whose PostgreSQL restarts.
 *
 * - `GET /api/me` (authenticated, the users of the run taking turns),
 * - `POST /api/units/{id}/proof` (a supporter reports the post of an accepted unit: one unit per request),
 * - `POST /api/units/{id}/approve` (the shop's owner approves a posted unit and credits the reward),
 * - `GET /s/{code}` (a unit's tracking link: 302, a new visitor each time, so every click is counted).
 */
export const ROUTE_KEYS = ['me', 'proof', 'approve', 'redirect'] as const;
export type RouteKey = (typeof ROUTE_KEYS)[number];
export type ApiRoute = AnyRoute<RouteKey | 'baseline'>;

/** BENCH_ROUTES: a comma list of me,proof,approve,redirect (default all). */
export function selectedRoutes(text = process.env.BENCH_ROUTES ?? ROUTE_KEYS.join(',')): RouteKey[] {
  const selected = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean) as RouteKey[];
  for (const key of selected) {
    if (!ROUTE_KEYS.includes(key)) throw new Error(`BENCH_ROUTES: unknown route ${key}`);
  }
  return selected;
}

export interface ApiRoutes {
  /** The baseline `GET /api/version` first, then the selected routes. */
  list: ApiRoute[];
  /** Requests handed out per route so far (each takes the next unit or visitor). */
  issued(): { proof: number; approve: number; redirect: number };
}

/**
 * The routes on the pools: every request does the real thing (a unit of its own per proof and approval, a
 * new visitor per click). `links`: the redirect clicks only the first N links of the pools, in turn.
 */
export function apiRoutes(
  base: string,
  pools: Pools,
  browser: Record<string, string>,
  options: { selected: RouteKey[]; links?: number | null },
): ApiRoutes {
  const owner = pools.owner;
  const api = (token?: string) => ({ ...browser, ...(token ? { authorization: `Bearer ${token}` } : {}) });
  let nextProof = 0;
  let nextApproval = 0;
  let nextClick = 0;
  let nextMe = 0;
  // An emptied pool answers 404: it shows in the table as unexpected answers (raise BENCH_UNITS).
  const emptyPool = () => '/api/units/2147483647/approve';
  const linkCount = Math.min(options.links ?? Infinity, pools.codes.length);
  const all: ApiRoute[] = [
    {
      key: 'baseline',
      label: 'GET /api/version (no-op)',
      expect: 200,
      goal: null,
      options: () => ({ url: base, requests: [{ method: 'GET', path: '/api/version', headers: api() }] }),
    },
    {
      key: 'me',
      label: 'GET /api/me',
      expect: 200,
      goal: 0.5,
      options: () => ({
        url: base,
        requests: [
          {
            method: 'GET',
            // The users take turns, as 51 people would: concurrent calls are of different users, so their
            // checks are not one lookup (ADR 0153 joins equal lookups).
            setupRequest: (request) => ({
              ...request,
              path: '/api/me',
              headers: api(pools.signedIn[nextMe++ % pools.signedIn.length]),
            }),
          },
        ],
      }),
    },
    {
      key: 'proof',
      label: 'POST /api/units/{id}/proof',
      expect: 200,
      goal: null,
      options: () => ({
        url: base,
        requests: [
          {
            method: 'POST',
            setupRequest: (request) => {
              const unit = pools.proof[nextProof++];
              if (!unit) return { ...request, path: emptyPool(), headers: api(owner) };
              return {
                ...request,
                path: `/api/units/${unit.id}/proof`,
                headers: { ...api(unit.token), 'content-type': 'application/json' },
                body: JSON.stringify({ post_url: unit.postUrl }),
              };
            },
          },
        ],
      }),
    },
    {
      key: 'approve',
      label: 'POST /api/units/{id}/approve',
      expect: 200,
      goal: null,
      options: () => ({
        url: base,
        requests: [
          {
            method: 'POST',
            setupRequest: (request) => {
              const id = pools.approve[nextApproval++];
              return { ...request, path: id ? `/api/units/${id}/approve` : emptyPool(), headers: api(owner) };
            },
          },
        ],
      }),
    },
    {
      key: 'redirect',
      label: 'GET /s/{code} (302)',
      expect: 302,
      goal: 0.8, // issue 29: the redirect >= 0.8 of the no-op route in the same run
      options: () => ({
        url: base,
        requests: [
          {
            method: 'GET',
            setupRequest: (request) => {
              const n = nextClick++;
              const code = pools.codes[n % linkCount]!;
              // A new visitor every time, so that every click is counted and written: since issue 24 (pentest 5)
              // a visitor is a /24 network and browser family, so each click comes through the loopback proxy
              // (TRUST_PROXY) from another /24 (14 million before one repeats).
              return {
                ...request,
                path: `/s/${code}`,
                headers: { 'user-agent': BROWSER, 'x-forwarded-for': visitorNetwork(n) },
              };
            },
          },
        ],
      }),
    },
  ];
  return {
    list: all.filter((r) => r.key === 'baseline' || options.selected.includes(r.key as RouteKey)),
    issued: () => ({
      proof: Math.min(nextProof, pools.proof.length),
      approve: Math.min(nextApproval, pools.approve.length),
      redirect: nextClick,
    }),
  };
}

/** One check of the database after the run: `value` must lie within `min`..`max`. */
export interface DbCheck {
  what: string;
  value: number;
  min: number;
  max: number;
}

/**
 * What the requests must have written, checked after a graceful stop (buffered clicks are written on
 * close): at least one effect per expected answer, and at most one per request handed out (a request in
 * flight when a run ends, or answered 503 after its commit, is done by the server but never answered OK).
 */
export async function workDone(
  db: Db,
  pools: Pools,
  selected: RouteKey[],
  answered: Partial<Record<RouteKey, number>>,
  handed: ReturnType<ApiRoutes['issued']>,
): Promise<DbCheck[]> {
  const countOf = async (query: ReturnType<typeof sql>) => Number((await one<{ n: number }>(db, query)).n);
  const checks: DbCheck[] = [];
  if (selected.includes('proof')) {
    const posted = await countOf(
      sql`select count(*)::int as n from units where status = 'posted' and id = any(${ids(pools.proof.map((u) => u.id))})`,
    );
    checks.push({ what: 'units posted', value: posted, min: answered.proof ?? 0, max: handed.proof });
  }
  if (selected.includes('approve')) {
    const approved = await countOf(
      sql`select count(*)::int as n from units u join ledger_entries l on l.reference = 'unit:' || u.id
          where u.status = 'approved' and u.id = any(${ids(pools.approve)})`,
    );
    checks.push({
      what: 'units approved with their credit',
      value: approved,
      min: answered.approve ?? 0,
      max: handed.approve,
    });
  }
  if (selected.includes('redirect')) {
    const clicks = await countOf(sql`select coalesce(sum(clicks), 0)::int as n from short_link_clicks c
      join short_links l on l.id = c.link_id where l.target_url like 'https://example.com/landing?n=%'`);
    checks.push({ what: 'clicks counted', value: clicks, min: answered.redirect ?? 0, max: handed.redirect });
  }
  return checks;
}

/**
 * The ledger and the units of the pools hold together (issue 29, nothing half written): each is a count of
 * rows that break a rule, so each must be 0. Every approved unit has exactly one reward credit and every
 * reward credit its approved unit; idempotency keys are unique; each supporter's balance (the sum of their
 * ledger) is the sum of their approved units' rewards; each unit is in a state its route leaves it in, with
 * the columns of that state.
 */
export async function ledgerConsistency(db: Db, pools: Pools): Promise<DbCheck[]> {
  const proof = ids(pools.proof.map((u) => u.id));
  const approve = ids(pools.approve);
  const all = ids([...pools.proof.map((u) => u.id), ...pools.approve]);
  const zero = async (what: string, query: ReturnType<typeof sql>): Promise<DbCheck> => ({
    what,
    value: Number((await one<{ n: number }>(db, query)).n),
    min: 0,
    max: 0,
  });
  return [
    await zero(
      'approved units without exactly one reward credit',
      sql`select count(*)::int as n from units u where u.id = any(${all}) and u.status = 'approved'
          and (select count(*) from ledger_entries l where l.reference = 'unit:' || u.id and l.kind = 'reward') <> 1`,
    ),
    await zero(
      'ledger entries of the supporters without their approved unit',
      sql`select count(*)::int as n from ledger_entries l left join units u on l.reference = 'unit:' || u.id
          where l.user_id in (select user_id from units where id = any(${all}))
            and (l.kind <> 'reward' or u.id is null or u.status <> 'approved' or l.amount <> u.reward
            or l.user_id <> u.user_id)`,
    ),
    await zero(
      'idempotency keys used twice',
      sql`select (count(*) - count(distinct idempotency_key))::int as n from ledger_entries`,
    ),
    await zero(
      "supporters whose balance is not their approved units' rewards",
      sql`select count(*)::int as n from (
            select u.user_id, coalesce(sum(u.reward) filter (where u.status = 'approved'), 0) as rewards
            from units u where u.id = any(${all}) group by u.user_id
          ) r where r.rewards <> (select coalesce(sum(l.amount), 0) from ledger_entries l where l.user_id = r.user_id)`,
    ),
    await zero(
      'proof units in another state, or posted without their post',
      sql`select count(*)::int as n from units where id = any(${proof}) and not (
            (status = 'accepted' and post_url is null and posted_at is null)
            or (status = 'posted' and post_url is not null and posted_at is not null and submissions >= 1))`,
    ),
    await zero(
      'approval units in another state, or approved without being judged',
      sql`select count(*)::int as n from units where id = any(${approve}) and not (
            (status = 'posted' and judged_at is null) or (status = 'approved' and judged_at is not null))`,
    ),
  ];
}

const ids = (list: number[]) => sql.raw(`array[${list.join(',') || 0}]::int[]`);
