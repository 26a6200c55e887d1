import type { User } from '../../../../../contracts/accounts.ts';
import { type CallOptions, callLazy } from '../../../request/request.ts';

/** PUT /api/users/mode {mode: 'focustar'} → the updated user (issue 25, ADR 0167: the remembered mode). */
export function rememberSupporterMode(options?: CallOptions): Promise<User> {
  return callLazy(
    () => import('../../../../../contracts/accounts.ts').then((m) => m.userSchema),
    { method: 'PUT', path: '/api/users/mode', body: { mode: 'focustar' } },
    options,
  );
}
