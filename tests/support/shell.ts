import { act, cleanup, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest';
import { authActor } from '../../src/platform/session/actors.ts';
import { DEMO_PASSWORD } from '../../server/seed/demo.ts';
import { createAccountsApp } from '../server/helpers.ts';
import type { TestApp } from './app.ts';
import { createInjectFetch, type InjectFetch } from './inject-fetch.ts';

/**
 * The real shell against the real API, as the component tests of signed-in screens run it: one app with the
 * demo data for the file (PGlite), the SPA's `fetch` sent to it through `inject`, and after each test the
 * page unmounted, the session ended as the menu's ログアウト ends it, and the browser's storage emptied, so that
 * every test starts signed out whatever the one before it did.
 */
export interface InjectedApp {
  /** The app of the file (set once `beforeAll` has run). */
  readonly t: TestApp;
  /** The injecting fetch: its `calls` list every call of the SPA. */
  readonly net: InjectFetch;
}

export function injectedApp(env: Record<string, string> = {}): InjectedApp {
  let t: TestApp | undefined;
  let net: InjectFetch | undefined;
  beforeAll(async () => {
    t = await createAccountsApp('pglite', env);
    net = createInjectFetch(t.app);
    vi.stubGlobal('fetch', net.fetch);
  }, 180_000);
  afterAll(async () => {
    cleanup();
    vi.unstubAllGlobals();
    await t?.close();
  });
  afterEach(endSession);
  return {
    get t() {
      if (!t) throw new Error('injectedApp: the app is there once beforeAll has run');
      return t;
    },
    get net() {
      if (!net) throw new Error('injectedApp: the app is there once beforeAll has run');
      return net;
    },
  };
}

/** Unmounts the page, restores spies, ends the session (and waits for it) and empties the storage. */
export async function endSession(): Promise<void> {
  cleanup();
  vi.restoreAllMocks();
  if (authActor.getSnapshot().context.login) {
    act(() => authActor.send({ type: 'auth.logout' }));
    await waitFor(() => expect(authActor.getSnapshot().context.login).toBe(false));
  }
  localStorage.clear();
}

/** Signs in with a demo account's e-mail through the auth machine, as the login form does. */
export async function signInAs(email: string): Promise<void> {
  await act(async () => {
    authActor.send({ type: 'auth.submitLogin', email, password: DEMO_PASSWORD });
    await waitFor(() => expect(authActor.getSnapshot().context.login).toBe(true));
  });
}
