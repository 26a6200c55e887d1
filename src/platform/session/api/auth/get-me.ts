import type { User } from '../../../../../contracts/accounts.ts';
import { type CallOptions, callLazy } from '../../../request/request.ts';

/** GET /api/me → the signed-in user (seed spec section 7). */
export function getMe(options?: CallOptions): Promise<User> {
  return callLazy(
    () => import('../../../../../contracts/accounts.ts').then((m) => m.userSchema),
    { method: 'GET', path: '/api/me' },
    options,
  );
}
