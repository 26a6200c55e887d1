// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { User, UserFlag } from '../../contracts/accounts.ts';
import { makeShop, makeToken, makeUser } from '../machines/fixtures.ts';

/**
 * Issue 25 (12), ADR 0170: the screens that mean a "seen" flag raise it with PUT /api/users/flag-up (seed
 * spec section 7), once, and not when it is already up (section 4). Real app actors under StrictMode over a
 * scripted fetch; each test loads the modules afresh (new actors, new storage), so each passes alone.
 */

const token = () => makeToken(Math.floor(Date.now() / 1000) + 3600);
let me: User = makeUser();
let flagCalls: string[] = [];
let rewardKinds: string[] = [];

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
  if (url === '/api/refresh') return answer(200, { access_token: token() });
  if (url === '/api/me') return answer(200, me);
  if (url === '/api/users/flag-up' && init.method === 'PUT') {
    const { flag } = JSON.parse(String(init.body)) as { flag: UserFlag };
    flagCalls.push(flag);
    me = { ...me, flag_status: { ...me.flag_status, [flag]: true } };
    return answer(200, me);
  }
  if (url.startsWith('/api/payments'))
    return answer(200, {
      balance: 0,
      holding: 0,
      on_hold: false,
      next_payment: null,
      bank_account: null,
      year: 2026,
      year_rewards: 0,
      year_paid: 0,
      items: [],
    });
  if (url.startsWith('/api/rewards'))
    return answer(200, {
      balance: 0,
      holding: 0,
      pending: 0,
      items: rewardKinds.map((kind, i) => ({
        id: i + 1,
        amount: kind === 'reward' ? 500 : -500,
        kind,
        reference: `unit:${i + 1}`,
        label: kind === 'reward' ? 'デモカフェの拡散依頼' : '口座へのお振込み',
        state: kind === 'reward' ? 'confirmed' : null,
        created_at: '2026-11-25T03:00:00.000Z',
      })),
      next_cursor: null,
    });
  return answer(404, { message: 'お探しのページまたはデータは見つかりませんでした。' });
});

let actors: typeof import('../../src/platform/session/actors.ts');

/** A returning user's browser at `path`; the app's actors start and read the user (section 4 start-up). */
async function startAt(path: string, user: User, role: 'focustar' | 'shop' = 'focustar') {
  localStorage.clear();
  window.history.replaceState(null, '', path);
  me = user;
  flagCalls = [];
  localStorage.setItem('accessToken', token());
  const shop = role === 'shop' ? makeShop() : null;
  localStorage.setItem('store', JSON.stringify({ login: true, user, role, shop }));
  vi.resetModules();
  actors = await import('../../src/platform/session/actors.ts');
  await waitFor(() => expect(actors.authActor.getSnapshot().matches({ signedIn: 'idle' })).toBe(true));
}

/** Waits until the flag call settled, then a little more for any second call that should not come. */
async function settled() {
  await waitFor(() => expect(actors.authActor.getSnapshot().matches({ signedIn: 'idle' })).toBe(true));
  await new Promise((r) => setTimeout(r, 50));
}

beforeAll(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  actors?.sideMenuActor.stop();
  actors?.authActor.stop();
});
afterAll(() => vi.unstubAllGlobals());

describe('issue 25 (12): the seven flags, raised by the screens that mean them (ADR 0170)', () => {
  it('issue 25 (12): the safety guide for shops (/beginner?type=shop) raises watchedAdvertiserRule, once', async () => {
    await startAt('/beginner?type=shop', makeUser());
    const { default: BeginnerPage } = await import('../../src/features/guides/BeginnerPage.tsx');
    const view = render(
      <StrictMode>
        <BeginnerPage />
      </StrictMode>,
    );
    expect(screen.getByRole('heading', { name: 'お店のみなさんへ' })).toBeTruthy();
    await waitFor(() => expect(flagCalls).toEqual(['watchedAdvertiserRule']));
    await settled();
    view.rerender(
      <StrictMode>
        <BeginnerPage />
      </StrictMode>,
    );
    await settled();
    expect(flagCalls).toEqual(['watchedAdvertiserRule']);
    expect(actors.authActor.getSnapshot().context.user?.flag_status.watchedAdvertiserRule).toBe(true);
    expect(JSON.parse(localStorage.getItem('store') ?? '{}').user.flag_status.watchedAdvertiserRule).toBe(
      true,
    );
  });

  it('issue 25 (12): the safety guide for supporters (/beginner?type=focustar) raises watchedFocustarRule', async () => {
    await startAt('/beginner?type=focustar', makeUser());
    const { default: BeginnerPage } = await import('../../src/features/guides/BeginnerPage.tsx');
    render(<BeginnerPage />);
    expect(screen.getByRole('heading', { name: 'フォーカスターのみなさんへ' })).toBeTruthy();
    await waitFor(() => expect(flagCalls).toEqual(['watchedFocustarRule']));
  });

  it('issue 25 (12): the spreading rules raise watchedFocustarRule in supporter mode', async () => {
    await startAt('/advertising-rules', makeUser());
    const { default: AdvertisingRulesPage } =
      await import('../../src/features/guides/AdvertisingRulesPage.tsx');
    render(<AdvertisingRulesPage />);
    await waitFor(() => expect(flagCalls).toEqual(['watchedFocustarRule']));
  });

  it('issue 25 (12): the spreading rules raise watchedAdvertiserRule in advertiser mode', async () => {
    await startAt(
      '/advertising-rules',
      makeUser({ company: { id: 1, paid_status: '利用可能（取引あり）' } }),
      'shop',
    );
    const { default: AdvertisingRulesPage } =
      await import('../../src/features/guides/AdvertisingRulesPage.tsx');
    render(<AdvertisingRulesPage />);
    await waitFor(() => expect(flagCalls).toEqual(['watchedAdvertiserRule']));
  });

  it('issue 25 (12), section 4: a flag already up in the user is not raised again', async () => {
    const user = makeUser();
    await startAt('/beginner?type=focustar', {
      ...user,
      flag_status: { ...user.flag_status, watchedFocustarRule: true },
    });
    const { default: BeginnerPage } = await import('../../src/features/guides/BeginnerPage.tsx');
    render(<BeginnerPage />);
    await settled();
    expect(flagCalls).toEqual([]);
  });

  it('issue 25 (12): /history raises checkedFirstReward when it shows a reward, and not before', async () => {
    rewardKinds = ['payout'];
    await startAt('/history', makeUser());
    const { default: HistoryPage } = await import('../../src/features/money/HistoryPage.tsx');
    const first = render(<HistoryPage />);
    expect(await screen.findByRole('heading', { level: 1, name: '報酬・お支払い履歴' })).toBeTruthy();
    await settled();
    expect(flagCalls).toEqual([]);
    first.unmount();

    rewardKinds = ['reward', 'payout'];
    await startAt('/history', makeUser());
    const { default: HistoryPageAgain } = await import('../../src/features/money/HistoryPage.tsx');
    render(<HistoryPageAgain />);
    expect(await screen.findByText('デモカフェの拡散依頼')).toBeTruthy();
    await waitFor(() => expect(flagCalls).toEqual(['checkedFirstReward']));
  });

  it('issue 25 (12), section 4: a guest opening the rules raises nothing (no call, no error)', async () => {
    localStorage.clear();
    window.history.replaceState(null, '', '/advertising-rules');
    flagCalls = [];
    vi.resetModules();
    actors = await import('../../src/platform/session/actors.ts');
    await waitFor(() => expect(actors.authActor.getSnapshot().matches('signedOut')).toBe(true));
    const { default: AdvertisingRulesPage } =
      await import('../../src/features/guides/AdvertisingRulesPage.tsx');
    render(<AdvertisingRulesPage />);
    await new Promise((r) => setTimeout(r, 50));
    expect(flagCalls).toEqual([]);
  });
});
