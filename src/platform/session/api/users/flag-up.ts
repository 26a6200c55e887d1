import type { User, UserFlag } from '../../../../../contracts/accounts.ts';
import { type CallOptions, callLazy } from '../../../request/request.ts';

/** PUT /api/users/flag-up {flag} → the updated user (section 7). */
export function flagUp(flag: UserFlag, options?: CallOptions): Promise<User> {
  return callLazy(
    () => import('../../../../../contracts/accounts.ts').then((m) => m.userSchema),
    { method: 'PUT', path: '/api/users/flag-up', body: { flag } },
    options,
  );
}
