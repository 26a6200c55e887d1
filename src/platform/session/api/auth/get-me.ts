import type { User } from '../../../../../contracts/accounts.ts';
import { type CallOptions, callLazy, requestDeps } from '../../../request/request.ts';
import { takeEarlyMe } from '../../early-session.ts';

const userSchema = () => import('../../../../../contracts/accounts.ts').then((m) => m.userSchema);

/**
 * GET /api/me → the signed-in user (seed spec section 7). At start-up, the answer of the call the page's
 * inline script began after its refresh (ADR 0190), checked the same way; called here when there is none
 * or it failed.
 */
export function getMe(options?: CallOptions): Promise<User> {
  const call = () => callLazy(userSchema, { method: 'GET', path: '/api/me' }, options);
  const early = takeEarlyMe(requestDeps.session.getToken());
  if (!early) return call();
  // Issue 29: the contract loads while the early answer is on its way, not after it (one round trip less).
  const schema = userSchema();
  schema.catch(() => {});
  return early.then(async (body) => (await schema).parse(body)).catch(() => call());
}
