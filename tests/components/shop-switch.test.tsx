// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../contracts/accounts.ts';
import { makeShop, makeUser } from '../machines/fixtures.ts';

/**
 * Issue 25 point 1 (ADR 0167), seed spec section 2 ("`/` is also the shop switch for signed-in users"):
 * an owner who has not chosen sees the shops first with お店として使う, and フォーカスターとして使う beside
 * them; both go through the one mode switch (the auth actor's shop login, the side menu's switchMode).
 */
const auth = vi.hoisted(() => ({
  state: {} as Record<string, unknown>,
  loginShop: vi.fn(async () => {}),
  switchMode: vi.fn(),
}));
vi.mock('../../src/platform/session/hooks.ts', () => ({
  useAuth: () => auth.state,
  useAuthActions: () => ({ loginShop: auth.loginShop, switchMode: auth.switchMode }),
}));
vi.mock('../../src/features/top/api/get-my-shops.ts', () => ({
  getMyShops: async () => [
    makeShop({ id: 1, name: 'デモカフェ 渋谷店', status: '公開中' }),
    makeShop({ id: 2, name: 'デモカフェ 二号店', status: '公開中' }),
  ],
}));

const { ShopSwitch, SupporterHome } = await import('../../src/features/top/MemberHome.tsx');
const { LoadingOverlayProvider } = await import('../../src/platform/ui/LoadingOverlay.tsx');

function signIn(user: User, extra: Record<string, unknown> = {}) {
  auth.state = { login: true, user, role: 'focustar', shop: null, loading: false, isStaff: false, ...extra };
}

afterEach(() => {
  cleanup();
  auth.loginShop.mockClear();
  auth.switchMode.mockClear();
});

const owner = makeUser({ shops_count: 2, company: { id: 1, paid_status: '利用可能（取引あり）' } });

describe('the shop switch of the top page (issue 25 point 1)', () => {
  it('an owner who has not chosen sees the shops first, each with お店として使う, and フォーカスターとして使う', async () => {
    signIn({ ...owner, last_mode: null });
    render(
      <LoadingOverlayProvider>
        <SupporterHome />
      </LoadingOverlayProvider>,
    );
    expect(screen.getByRole('heading', { level: 1, name: /どちらで使いますか/ })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'あなたのお店' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    await userEvent.click(
      within(items[1]!).getByRole('button', { name: 'デモカフェ 二号店をお店として使う' }),
    );
    expect(auth.loginShop).toHaveBeenCalledWith(2);
    await userEvent.click(screen.getByRole('button', { name: 'フォーカスターとして使う' }));
    expect(auth.switchMode).toHaveBeenCalledWith('focustar');
  });

  it('an owner who chose supporter mode gets the supporter home with the shops above it', async () => {
    signIn({ ...owner, last_mode: 'focustar' });
    render(
      <LoadingOverlayProvider>
        <SupporterHome />
      </LoadingOverlayProvider>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'マイページ' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'あなたのお店' });
    expect(within(list).getAllByRole('button', { name: /お店として使う$/ })).toHaveLength(2);
  });

  it('a supporter without shops, and staff, see no shop switch on their home', () => {
    signIn(makeUser());
    const { unmount } = render(<SupporterHome />);
    expect(screen.queryByRole('list', { name: 'あなたのお店' })).toBeNull();
    expect(screen.queryByRole('heading', { name: /どちらで使いますか/ })).toBeNull();
    unmount();
    signIn({ ...owner, last_mode: null, role: { id: 2, name: 'staff', priority: 5 } }, { isStaff: true });
    render(<SupporterHome />);
    expect(screen.queryByRole('heading', { name: /どちらで使いますか/ })).toBeNull();
    expect(screen.getByRole('heading', { name: '管理メニュー' })).toBeTruthy();
  });

  it('in shop mode the current shop says 選択中 and フォーカスターとして使う is beside the shops', async () => {
    signIn(
      { ...owner, last_mode: 'shop', last_shop_id: 1 },
      {
        role: 'shop',
        shop: makeShop({ id: 1, name: 'デモカフェ 渋谷店', status: '公開中' }),
        companyAvailable: true,
      },
    );
    render(
      <LoadingOverlayProvider>
        <ShopSwitch />
      </LoadingOverlayProvider>,
    );
    const list = await screen.findByRole('list', { name: 'あなたのお店' });
    const [current, other] = within(list).getAllByRole('listitem');
    expect(within(current!).getByText('選択中')).toBeTruthy();
    expect(within(current!).queryByRole('button', { name: /お店として使う$/ })).toBeNull();
    expect(within(other!).getByRole('button', { name: /お店として使う$/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'フォーカスターとして使う' })).toBeTruthy();
  });
});
