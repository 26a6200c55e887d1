import { afterAll, beforeEach, afterEach, describe, expect, it, vi } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { authMachine } from '../../machines/authMachine.ts';
import { type HttpResult, requestMachine } from '../../machines/requestMachine.ts';
import { MENU_CLOSE_DELAY_MS, sideMenuMachine } from '../../machines/sideMenuMachine.ts';
import { ApiRequestError } from '../../src/api/errors.ts';
import { makeShop, makeUser } from './fixtures.ts';
import { coverageOf, formatCoverage, generatePaths, type ModelOptions, replayPath } from './model-harness.ts';

/**
 * Seed spec sections 4, 7 and 8, as generated paths: one test per path, every state and every
 * transition of the three machines reached, and the coverage printed.
 */

const verified = makeUser();
const unverified = makeUser({ email_verified: false, id: 8 });
const flagged = makeUser({ flag_status: { ...verified.flag_status, savedFirstProfile: true } });
const shop = makeShop();
const boom = (id: string) => ({
  type: `xstate.error.actor.${id}`,
  error: new ApiRequestError('失敗', 'http', 500),
});

const authModel: ModelOptions<{ token: string | null; stored: null }> = {
  machine: authMachine,
  inputs: [
    { name: 'no token', input: { token: null, stored: null } },
    { name: 'stored token', input: { token: 'stored-token', stored: null } },
  ],
  events: [
    { type: 'xstate.done.actor.refreshToken', output: 'fresh-token' },
    boom('refreshToken'),
    { type: 'xstate.done.actor.fetchMe', output: verified },
    boom('fetchMe'),
    { type: 'auth.submitLogin', email: 'hanako@example.com', password: 'demo-pass-2026' },
    { type: 'xstate.done.actor.login', output: { user: verified, access_token: 'login-token' } },
    boom('login'),
    { type: 'auth.login', user: unverified },
    { type: 'auth.logout' },
    { type: 'xstate.done.actor.logout' },
    boom('logout'),
    { type: 'auth.initialize' },
    { type: 'auth.setRole', role: 'shop' },
    { type: 'auth.setShop', shop },
    { type: 'auth.refreshUser' },
    { type: 'auth.refreshShop' },
    { type: 'xstate.done.actor.fetchShop', output: shop },
    boom('fetchShop'),
    { type: 'auth.loginShop', shopId: 1 },
    { type: 'xstate.done.actor.loginShop', output: shop },
    boom('loginShop'),
    { type: 'auth.flagUp', flag: 'savedFirstProfile' },
    { type: 'xstate.done.actor.flagUp', output: flagged },
    boom('flagUp'),
    { type: 'auth.oauthLogin', provider: 'line' },
    { type: 'xstate.done.actor.oauthUrl', output: 'https://access.line.me/oauth2/v2.1/authorize?x=1' },
    boom('oauthUrl'),
    { type: 'auth.initialLoading.start' },
    { type: 'auth.initialLoading.finish' },
    { type: 'auth.loading.start' },
    { type: 'auth.loading.finish' },
    { type: 'auth.tokenChanged', token: null },
    { type: 'auth.sessionExpired' },
    { type: 'auth.unknownThing' },
  ] as EventObject[],
  project: (s) => {
    const c = s.context;
    return {
      login: c.login,
      user: c.user ? `${c.user.id}:${c.user.flag_status.savedFirstProfile}` : null,
      role: c.role,
      shop: c.shop?.id ?? null,
      token: c.token,
      initialLoading: c.initialLoading,
      loading: c.loading,
    };
  },
};

const menuModel: ModelOptions<{ appearance: 'guest' }> = {
  machine: sideMenuMachine,
  inputs: [{ name: 'guest', input: { appearance: 'guest' } }],
  events: [
    { type: 'menu.open' },
    { type: 'menu.close' },
    { type: 'menu.toggle' },
    { type: 'menu.navigated' },
    { type: 'menu.appearance', appearance: 'shop' },
    { type: 'menu.switchMode', role: 'focustar' },
    { type: 'menu.switchShop' },
    { type: 'menu.logout' },
    { type: 'xstate.after.menuCloseDelay.sideMenu.closing' },
  ] as EventObject[],
  project: (s) => s.context,
  delays: { menuCloseDelay: MENU_CLOSE_DELAY_MS },
};

const answer = (
  status: number,
  statusText: string,
  data: unknown,
  extra: Partial<HttpResult> = {},
): HttpResult => ({
  status,
  statusText,
  data,
  version: 'v1',
  tokenExpired: false,
  ...extra,
});

const requestModel: ModelOptions<{
  request: { method: 'GET'; path: string };
  retry: boolean;
  appVersion: string;
}> = {
  machine: requestMachine,
  inputs: [
    {
      name: 'retry allowed',
      input: { request: { method: 'GET', path: '/api/me' }, retry: true, appVersion: 'v1' },
    },
    {
      name: 'no retry',
      input: { request: { method: 'GET', path: '/api/me' }, retry: false, appVersion: 'v1' },
    },
  ],
  events: [
    { type: 'xstate.done.actor.send', output: answer(200, 'OK', { message: '保存しました。' }) },
    {
      type: 'xstate.done.actor.send',
      output: answer(401, 'Unauthorized', { message: 'Unauthenticated.' }, { tokenExpired: true }),
    },
    { type: 'xstate.done.actor.send', output: answer(401, 'Unauthorized', { message: 'Unauthenticated.' }) },
    {
      type: 'xstate.done.actor.send',
      output: answer(419, 'unknown', { message: 'ページの有効期限が切れました。' }),
    },
    {
      type: 'xstate.done.actor.send',
      output: answer(422, 'Unprocessable Entity', {
        message: '入力内容に誤りがあります。',
        errors: { email: ['メールアドレスを入力してください。'] },
      }),
    },
    { type: 'xstate.error.actor.send', error: Object.assign(new Error('aborted'), { name: 'AbortError' }) },
    { type: 'xstate.error.actor.send', error: new TypeError('fetch failed') },
    { type: 'xstate.done.actor.refreshToken', output: 'new-token' },
    { type: 'xstate.error.actor.refreshToken', error: new Error('refresh failed') },
    { type: 'xstate.done.actor.csrfCookie' },
    { type: 'xstate.error.actor.csrfCookie', error: new TypeError('fetch failed') },
    { type: 'request.cancel' },
  ] as EventObject[],
  project: (s) => ({
    refreshed: s.context.refreshed,
    csrfRetried: s.context.csrfRetried,
    result: s.context.result?.status ?? null,
    error: s.context.error?.kind ?? null,
    status: s.status,
  }),
};

const models = [
  ['authMachine', authModel],
  ['sideMenuMachine', menuModel],
  ['requestMachine', requestModel],
] as const;

const report: string[] = [];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(() => {
  console.log(`\nModel-based coverage (xstate/graph):\n${report.map((l) => `  ${l}`).join('\n')}\n`);
});

for (const [name, model] of models) {
  const options = model as ModelOptions<unknown>;
  const paths = generatePaths(options);
  describe(`${name} — generated paths (seed spec sections 4, 7, 8)`, () => {
    for (const path of paths) {
      it(path.name, async () => {
        await replayPath(options, path, (expected: AnyMachineSnapshot, actual: AnyMachineSnapshot) => {
          expect(actual.value).toEqual(expected.value);
          expect(options.project(actual)).toEqual(options.project(expected));
        });
      });
    }
    it(`${name} reaches every state and every transition (prints coverage)`, () => {
      const coverage = coverageOf(options.machine, paths);
      report.push(`${formatCoverage(name, coverage)}, ${paths.length} paths`);
      expect(coverage.states.missing).toEqual([]);
      expect(coverage.transitions.missing).toEqual([]);
    });
  });
}
