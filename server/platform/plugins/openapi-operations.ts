import type { Access } from './access.ts';
import { XSRF_HEADER } from './csrf.ts';

/**
 * Issue 28 (d), ADR 0163: what each OpenAPI operation needs beyond its schemas (Redocly's recommended
 * rules), derived from what the route already states, so that no route file repeats it: an operationId
 * and a summary from the method and path (a route may declare its own in `schema`), the security from
 * `config.access`, the tag from the feature that registered it.
 */

/** The security schemes of the document: the access token, and the CSRF double submit's header. */
export const SECURITY_SCHEMES = {
  bearer: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'The access token of POST /api/login (or /api/refresh), as `Authorization: Bearer …`.',
  },
  xsrf: {
    type: 'apiKey',
    in: 'header',
    name: XSRF_HEADER,
    description:
      'Every POST, PUT, PATCH and DELETE under /api echoes the XSRF-TOKEN cookie (set by any /api answer, e.g. GET /api/csrf-cookie) in this header.',
  },
} as const;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Who may call: a public read needs nothing (`[]`); a public write needs the XSRF header; every other
 * route needs the bearer token, and the XSRF header too when it writes.
 */
export function securityOf(
  method: string,
  access: Access | undefined,
  /** false: a route with its own authority (Stripe's signature, a signed link) takes no XSRF header. */
  csrf?: false,
): Record<string, string[]>[] {
  const writes = !SAFE_METHODS.has(method.toUpperCase());
  if (access === 'public' || access === undefined) return writes && csrf !== false ? [{ xsrf: [] }] : [];
  return writes ? [{ bearer: [], xsrf: [] }] : [{ bearer: [] }];
}

const isParam = (segment: string) => segment.startsWith(':') || segment.startsWith('{');
const paramName = (segment: string) => segment.replace(/^[:{]|}$/g, '');
/** `shop-request`, `myShops`, `qr.svg` → their words. */
const wordsOf = (segment: string) =>
  segment
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[-_.\s]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const segmentsOf = (url: string) =>
  url
    .replace(/^\/api\/?/, '')
    .split('/')
    .filter(Boolean);

/**
 * `GET /api/shops/{id}/supporters` → `getShopsByIdSupporters`: unique because method + path is, stable as
 * long as the path is.
 */
export function operationIdOf(method: string, url: string): string {
  const parts = segmentsOf(url).flatMap((s) => (isParam(s) ? ['by', ...wordsOf(paramName(s))] : wordsOf(s)));
  return [method.toLowerCase(), ...parts.map(capital)].join('');
}

/** The last segments that are verbs name an action on what precedes them (`POST /units/{id}/approve`). */
const ACTIONS = new Set([
  'accept',
  'approve',
  'decline',
  'draw',
  'export',
  'leave',
  'login',
  'logout',
  'redraw',
  'refresh',
  'register',
  'reject',
  'resend',
  'reset',
  'review',
  'setup',
  'submit',
  'verify',
  'visit',
  'callback',
]);
const VERB: Record<string, string> = {
  GET: 'Get',
  POST: 'Create',
  PUT: 'Update',
  PATCH: 'Update',
  DELETE: 'Delete',
};

/** `shops` → `shop`, `entries` → `entry`: enough for the nouns of this API's paths. */
const singular = (word: string) => {
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(ch|sh|x|ss)es$/.test(word)) return word.slice(0, -2);
  return word.endsWith('ss') || !word.endsWith('s') ? word : word.slice(0, -1);
};
/** Last segments that are a state to set (`POST /payments/batches/{id}/paid`). */
const STATES = new Set(['paid', 'failed']);

/**
 * A readable English summary from method and path, e.g. `GET /api/shops/{id}/supporters` → "Get the
 * supporters of shop {id}", `POST /api/units/{id}/approve` → "Approve unit {id}", `POST /api/login` →
 * "Login", `GET /api/shops` → "Get shops".
 */
export function summaryOf(method: string, url: string): string {
  let segments = segmentsOf(url);
  // `/users/me/profile` is "my profile".
  const me = segments.lastIndexOf('me');
  const mine = me >= 0 && me < segments.length - 1;
  if (mine) segments = segments.slice(me + 1);
  /** Segments to a phrase, read right to left: `shops {id} reviews` → "the reviews of shop {id}". */
  const phrase = (segs: string[]): string => {
    const groups: string[] = [];
    for (let i = 0; i < segs.length; i += 1) {
      const s = segs[i]!;
      if (isParam(s)) continue;
      const next = segs[i + 1];
      const words = wordsOf(s).join(' ');
      groups.push(next && isParam(next) ? `${singular(words)} {${paramName(next)}}` : words);
    }
    if (groups.length === 0) return '';
    const [last, ...before] = groups.reverse();
    return before.length === 0 ? last! : `the ${last} of ${before.join(' of ')}`;
  };
  const last = segments.at(-1);
  const rest = phrase(segments.slice(0, -1)).replace(/^the /, '');
  if (last && ACTIONS.has(last)) return rest ? `${capital(last)} ${rest}` : capital(last);
  if (last && STATES.has(last)) return `Mark ${rest} ${last}`;
  const verb = VERB[method.toUpperCase()] ?? capital(method.toLowerCase());
  if (last === 'all') return `${verb} all ${rest}`;
  if (last === 'mine') return `${verb} my ${rest}`;
  const what = phrase(segments);
  if (mine) return `${verb} my ${what.replace(/^the /, '')}`;
  return what ? `${verb} ${what}` : verb;
}
