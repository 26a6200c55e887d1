import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { UserFlag } from '../../../contracts/accounts.ts';
import { authActor } from './actors.ts';
import { authActions } from './hooks.ts';

/**
 * Issue 25 (12), ADR 0170: a screen that means one of the user's "seen" flags raises it with
 * `PUT /api/users/flag-up`. Once: only when the auth machine is signed in and idle (never racing the
 * start-up read of the user), only when the flag is down in the user it holds (seed spec section 4: a flag
 * that is up is skipped), and at most once per flag while the screen is shown (a failure is reported by the
 * machine, not retried on every render). The answer replaces the session's user, so the flag is up at once.
 * `null`: nothing to raise (yet).
 */
export function useRaiseFlag(flag: UserFlag | null): void {
  const ready = useSelector(authActor, (s) => s.matches({ signedIn: 'idle' }));
  const up = useSelector(authActor, (s) => (flag ? s.context.user?.flag_status[flag] === true : true));
  const raised = useRef(new Set<UserFlag>());
  useEffect(() => {
    if (!flag || !ready || up || raised.current.has(flag)) return;
    raised.current.add(flag);
    authActions.flagUp(flag).catch(() => {
      // Reported by the auth machine (ADR 0024): a flag is not the person's task, so no toast.
    });
  }, [flag, ready, up]);
}
