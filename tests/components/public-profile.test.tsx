// @vitest-environment jsdom
import { act, configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { User } from '../../contracts/accounts.ts';
import { App } from '../../src/app/App.tsx';
import { authActor } from '../../src/platform/session/actors.ts';
import { injectedApp } from '../support/shell.ts';

/**
 * `/{screen_name}` (seed spec section 2: the public profile, matched last) in the shell with the real
 * actors, answered by the real API on the seeded demo data (fetch goes to Fastify through `inject`).
 */
configure({ asyncUtilTimeout: 8000 });

injectedApp();

function go(path: string) {
  window.history.pushState(null, '', path);
}

const supporter: User = {
  id: 3,
  name: '山田 花子',
  email: 'supporter@example.com',
  screen_name: 'demo-supporter',
  avatar_url: null,
  role: { id: 3, name: 'focustar', priority: 10 },
  company: null,
  flag_status: {
    acceptedFirstAdvertising: false,
    savedFirstProfile: true,
    registeredBankAccount: false,
    addedReferralShop: false,
    checkedFirstReward: false,
    watchedAdvertiserRule: false,
    watchedFocustarRule: false,
  },
  is_stripe_verified: false,
  favorites_count: 1,
  shops_count: 0,
  not_accepted_units_count: 0,
  follower_count: 1,
  status: '承認',
  social_accounts: [],
  email_verified: true,
  sns_accounts_count: 0,
  approved_sns_accounts_count: 0,
  last_mode: null,
  last_shop_id: null,
};

describe('/{screen_name}: public profile (seed spec section 2)', () => {
  it('a published shop shows its description, category, prefecture, supporters and details (seed spec sections 2 and 3)', async () => {
    go('/demo-cafe');
    render(<App />);
    expect(await screen.findByRole('heading', { level: 1, name: 'デモカフェ 渋谷店' })).toBeTruthy();
    expect(screen.getByText(/自家焙煎のコーヒー/)).toBeTruthy();
    const facts = screen.getByRole('list', { name: 'プロフィール情報' });
    expect(facts.textContent).toContain('お店');
    expect(facts.textContent).toContain('カフェ');
    expect(facts.textContent).toContain('東京都');
    // The four seeded favourites of shop 1.
    expect(screen.getByText(/人のフォーカスターが応援しています/).textContent).toBe(
      '4人のフォーカスターが応援しています',
    );
    expect(screen.getByText('東京都渋谷区神南1-2-3 デモビル1F')).toBeTruthy();
    expect(screen.getByText('9:00〜20:00（火曜定休）')).toBeTruthy();
    // The page names itself in an effect, which may run just after the heading is on screen.
    await waitFor(() => expect(document.title).toBe('デモカフェ 渋谷店 | Focustar'));
  });

  it('a guest is offered sign-up, which keeps the shop as the referral (product design section 6)', async () => {
    go('/demo-cafe');
    render(<App />);
    const signUp = await screen.findByRole('link', { name: '会員登録してこのお店を応援する' });
    expect(screen.queryByRole('link', { name: '地図でお店の場所を見る' })).toBeNull();
    await userEvent.click(signUp);
    await waitFor(() => expect(window.location.pathname).toBe('/register'));
    expect(localStorage.getItem('referralShopId')).toBe('1');
  });

  it('a signed-in supporter gets the way to the shop: a map of its address (seed spec section 2)', async () => {
    act(() => authActor.send({ type: 'auth.login', user: supporter }));
    go('/demo-cafe');
    render(<App />);
    const map = await screen.findByRole('link', { name: '地図でお店の場所を見る' });
    const href = new URL(map.getAttribute('href')!);
    expect(href.origin).toBe('https://www.google.com');
    expect(href.searchParams.get('query')).toBe('東京都渋谷区神南1-2-3 デモビル1F');
    expect(map.getAttribute('rel')).toContain('noopener');
    expect(screen.queryByRole('link', { name: '会員登録してこのお店を応援する' })).toBeNull();
  });

  it('a supporter shows name and shops followed, and no e-mail (seed spec section 2)', async () => {
    go('/demo-supporter');
    render(<App />);
    expect(await screen.findByRole('heading', { level: 1, name: '山田 花子' })).toBeTruthy();
    expect(screen.getByRole('list', { name: 'プロフィール情報' }).textContent).toBe('フォーカスター');
    expect(screen.getByText(/応援しているお店/).textContent).toBe('応援しているお店 1件');
    expect(document.body.textContent).not.toContain('@example.com');
  });

  it('a shop under review is the not-found view, as an unknown name is (seed spec section 2)', async () => {
    for (const path of ['/demo-bakery', '/no-such-person']) {
      go(path);
      const { unmount } = render(<App />);
      expect(await screen.findByRole('heading', { level: 1, name: 'ユーザーが見つかりません' })).toBeTruthy();
      unmount();
    }
  });
});
