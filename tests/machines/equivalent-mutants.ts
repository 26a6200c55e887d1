/**
 * Mutants (tests/machines/mutation.ts, tests/machines/source-mutation.ts) that no test can kill because
 * they behave exactly like the machine: machine name → mutant id → why. tests/machines/run-mutants.ts
 * (`npm run test:mutants`) fails on a survivor not listed here and on a listed one that gets killed (a
 * stale entry). Each reason checked by hand.
 */

// authMachine
const STARTING_AFTER_SIGN_OUT =
  'every one of these transitions signs out first (token null); `starting` without a token goes ' +
  'straight to signedOut applying initialize and finishInitialLoading, which signOut already did';
const START_UP_ONLY_INITIALIZE =
  'the initial context is already initialised (no login, no user, role focustar, no shop) and ' +
  '`starting` is entered only at start-up';
const START_UP_ONLY_LOADING =
  'initialLoading is true in the initial context and `restoring` is entered only at start-up';
const TOKEN_ONLY_TRUTHY =
  'the in-memory token is read only by the hasToken guard, truthy with the old and the new token ' +
  'alike; the new token still reaches storage (storeToken), and the app mirrors it back with auth.tokenChanged';

// requestMachine
const FINAL_STATES_ALIKE =
  'success and failed are final states without actions; the output is computed from the context ' +
  '(an error makes a failure, else a result a success), so which of the two is reached is not observable';
const RESULT_OVERWRITTEN =
  'this branch refreshes, fetches the XSRF cookie or assigns the 401 error: the kept result is ' +
  'replaced by the retry’s answer or never read (the error decides the output)';
const SAME_SEND_STATE =
  'sending and retrying invoke the same send with the same answer handling; the refreshed / ' +
  'csrfRetried marks, not the state, prevent a second retry';
const ABORT_FALLBACK =
  'without the cancelled state’s entry the context has neither error nor result, and the output’s ' +
  'fallback is the same cancelled error';

// adWizardMachine
const BLOCKED_AT_TARGET =
  'a reload stops at the first step before its target with a problem; with `<=` the target itself is a ' +
  'candidate too, and when it is the first with a problem the answer is the target, as without it';

export const EQUIVALENT_MUTANTS: Record<string, Record<string, string>> = {
  authMachine: {
    'retarget auth on auth.sessionExpired #0 → auth.starting': STARTING_AFTER_SIGN_OUT,
    'retarget auth.restoring.refreshingToken onError(refreshToken) #0 → auth.starting':
      STARTING_AFTER_SIGN_OUT,
    'retarget auth.restoring.fetchingUser onError(fetchMe) #0 → auth.starting': STARTING_AFTER_SIGN_OUT,
    'retarget auth.signedOut on auth.refreshUser #0 → auth.starting': STARTING_AFTER_SIGN_OUT,
    'retarget auth.signedIn.idle on auth.refreshUser #1 → auth.starting': STARTING_AFTER_SIGN_OUT,
    'retarget auth.loggingOut onDone(logout) #0 → auth.starting': STARTING_AFTER_SIGN_OUT,
    'retarget auth.loggingOut onError(logout) #0 → auth.starting': STARTING_AFTER_SIGN_OUT,
    'drop-action auth.starting always #1 action 0 (initialize)': START_UP_ONLY_INITIALIZE,
    'drop-action auth.restoring entry 0 (startInitialLoading)': START_UP_ONLY_LOADING,
    'drop-action auth.restoring.refreshingToken onDone(refreshToken) #0 action 0 (applyToken)':
      TOKEN_ONLY_TRUTHY,
  },
  sideMenuMachine: {},
  adWizardMachine: {
    'assign-body resume: s < context.target [< → <=]': BLOCKED_AT_TARGET,
  },
  requestMachine: {
    'retarget request.sending onDone(send) #0 → request.failed': FINAL_STATES_ALIKE,
    'retarget request.sending onDone(send) #3 → request.success': FINAL_STATES_ALIKE,
    'retarget request.sending onDone(send) #4 → request.success': FINAL_STATES_ALIKE,
    'retarget request.sending onError(send) #1 → request.success': FINAL_STATES_ALIKE,
    'retarget request.refreshing onError(refreshToken) #0 → request.success': FINAL_STATES_ALIKE,
    'retarget request.refreshingCsrf onError(csrfCookie) #0 → request.success': FINAL_STATES_ALIKE,
    'retarget request.retrying onDone(send) #0 → request.failed': FINAL_STATES_ALIKE,
    'retarget request.retrying onDone(send) #3 → request.success': FINAL_STATES_ALIKE,
    'retarget request.retrying onDone(send) #4 → request.success': FINAL_STATES_ALIKE,
    'retarget request.retrying onError(send) #1 → request.success': FINAL_STATES_ALIKE,
    'retarget request.sending onError(send) #0 → request.success': ABORT_FALLBACK,
    'retarget request.sending onError(send) #0 → request.failed': ABORT_FALLBACK,
    'drop-action request.sending onDone(send) #1 action 1 (assignResult)': RESULT_OVERWRITTEN,
    'drop-action request.sending onDone(send) #2 action 1 (assignResult)': RESULT_OVERWRITTEN,
    'drop-action request.sending onDone(send) #3 action 1 (assignResult)': RESULT_OVERWRITTEN,
    'drop-action request.retrying onDone(send) #1 action 1 (assignResult)': RESULT_OVERWRITTEN,
    'drop-action request.retrying onDone(send) #2 action 1 (assignResult)': RESULT_OVERWRITTEN,
    'drop-action request.retrying onDone(send) #3 action 1 (assignResult)': RESULT_OVERWRITTEN,
    'retarget request.refreshing onDone(refreshToken) #0 → request.sending': SAME_SEND_STATE,
    'retarget request.refreshingCsrf onDone(csrfCookie) #0 → request.sending': SAME_SEND_STATE,
  },
};
