/**
 * Issue 16: linking a login provider from /account-info goes through the provider and the OAuth callback
 * screen like a login does; this remembers, for this tab only, to come back to the account screen.
 */
const KEY = 'oauthReturnTo';
const ACCOUNT_INFO = '/account-info';

export function returnToAccountInfoAfterOAuth(): void {
  sessionStorage.setItem(KEY, ACCOUNT_INFO);
}

/** Where the callback goes once signed in: the account screen after a link, else the root (section 4). */
export function takeOAuthReturn(): string {
  const back = sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  return back === ACCOUNT_INFO ? back : '/';
}
