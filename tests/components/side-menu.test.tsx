// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  buildMenu,
  GUEST_SIDEBAR_COPY,
  loadMenuEntries,
  type MenuContext,
} from '../../src/app/shell/menu.ts';
import { SideMenu } from '../../src/app/shell/SideMenu.tsx';

afterEach(cleanup);
// The features' menu items load with the menu, after the first paint (issue 11, ADR 0038).
beforeAll(() => loadMenuEntries());

const base: MenuContext = {
  userScreenName: 'hanako',
  shopScreenName: 'demo-cafe',
  shopSelected: true,
  companyAvailable: true,
  isStaff: false,
  isBeginnerShop: false,
};
const targets = (ctx: MenuContext, appearance: 'guest' | 'shop' | 'focustar') =>
  buildMenu(appearance, ctx).items.flatMap((i) => (i.kind === 'link' ? [i.href] : []));

describe('side menu items (seed spec section 2)', () => {
  it('guest: close control, how to use, advertiser introduction, registration (/line), login, supporter FAQ (seed spec section 2)', () => {
    const model = buildMenu('guest', base);
    expect(model.items[0]).toMatchObject({ kind: 'action', action: 'close' });
    expect(targets(base, 'guest')).toEqual([
      '/',
      '/introduction-advertiser',
      '/line',
      '/login',
      '/faq-focustar',
    ]);
    expect(model.account).toEqual([]);
    expect(model.staff).toEqual([]);
  });

  it('supporter mode: the ten items with the profile at /{screen_name} (seed spec section 2)', () => {
    expect(targets(base, 'focustar')).toEqual([
      '/advertisements',
      '/recruitments',
      '/favorites?type=follow',
      '/history',
      '/bank',
      '/hanako',
      '/account-info',
      '/beginner?type=focustar',
      '/faq-focustar',
      '/contact',
    ]);
  });

  it('shop mode with a selected shop of an available company: switch shop first, request goes to /ad?step=1 (seed spec section 2)', () => {
    expect(targets(base, 'shop')).toEqual([
      '/',
      '/ad?step=1',
      '/winner-picker',
      '/favorites',
      // Issue 27: 拡散の成果.
      '/results',
      '/price',
      '/history',
      '/payments',
      '/demo-cafe',
      '/beginner?type=shop',
      '/faq-advertiser',
      '/contact',
    ]);
  });

  it('shop mode: the request item goes to /beginner?type=shop for a beginner shop (seed spec sections 2 and 4)', () => {
    const t = targets({ ...base, isBeginnerShop: true }, 'shop');
    expect(t[1]).toBe('/beginner?type=shop');
    expect(t).not.toContain('/ad?step=1');
  });

  it('shop mode: no shop items without a selected shop, or with an unavailable company, unless staff (seed spec sections 2 and 6)', () => {
    for (const ctx of [
      { ...base, shopSelected: false, shopScreenName: null },
      { ...base, companyAvailable: false },
    ]) {
      const model = buildMenu('shop', ctx);
      expect(targets(ctx, 'shop')).toEqual(['/']);
      expect(model.shopNotice).toBeTruthy();
    }
    const staffNoShop = {
      ...base,
      isStaff: true,
      shopSelected: false,
      shopScreenName: null,
      companyAvailable: false,
    };
    expect(targets(staffNoShop, 'shop')).toContain('/ad?step=1');
  });

  it('both signed-in menus: mode switch (フォーカスターモード, issue 11 wording) and logout; the staff menu only for staff (seed spec sections 2 and 6)', () => {
    const shop = buildMenu('shop', base);
    const supporter = buildMenu('focustar', base);
    expect(shop.account.map((i) => i.label)).toEqual(['フォーカスターモードに切り替える', 'ログアウト']);
    expect(supporter.account.map((i) => i.label)).toEqual(['広告主モードに切り替える', 'ログアウト']);
    expect(supporter.staff).toEqual([]);
    expect(buildMenu('focustar', { ...base, isStaff: true }).staff).toMatchObject([
      { kind: 'link', label: '管理メニュー', href: '/admin-menu' },
    ]);
  });
});

function Harness({ appearance = 'guest' as 'guest' | 'shop' | 'focustar', ctx = base, onAction = vi.fn() }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" aria-label="メニューを開く" onClick={() => setOpen(true)}>
        menu
      </button>
      <SideMenu
        open={open}
        model={buildMenu(appearance, ctx)}
        currentPath="/"
        onClose={() => setOpen(false)}
        onAction={(a) => (a === 'close' ? setOpen(false) : onAction(a))}
      />
    </>
  );
}

describe('side menu view (seed spec section 2, issue 4 accessibility)', () => {
  it('is a navigation landmark labelled メインメニュー, hidden from assistive tech while closed', async () => {
    render(<Harness />);
    expect(screen.queryByRole('navigation', { name: 'メインメニュー' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'メニューを開く' }));
    expect(screen.getByRole('navigation', { name: 'メインメニュー' })).toBeTruthy();
  });

  it('moves focus into the open menu and back to the toggle when Escape closes it', async () => {
    render(<Harness />);
    const toggle = screen.getByRole('button', { name: 'メニューを開く' });
    await userEvent.click(toggle);
    const nav = screen.getByRole('navigation', { name: 'メインメニュー' });
    expect(nav.contains(document.activeElement)).toBe(true);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: 'メインメニュー' })).toBeNull();
    expect(document.activeElement).toBe(toggle);
  });

  it('guest appearance: exactly one button (close) and the guest sidebar copy of section 1 (seed spec sections 1 and 2)', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'メニューを開く' }));
    const nav = screen.getByRole('navigation', { name: 'メインメニュー' });
    expect(nav.querySelectorAll('button')).toHaveLength(1);
    expect(nav.querySelectorAll('a')).toHaveLength(5);
    for (const c of GUEST_SIDEBAR_COPY) expect(screen.getByText(c.title)).toBeTruthy();
  });

  it('signed-in appearances: the staff section renders only for staff; logout and mode switch are buttons (seed spec section 2)', async () => {
    const onAction = vi.fn();
    const { unmount } = render(<Harness appearance="focustar" onAction={onAction} />);
    await userEvent.click(screen.getByRole('button', { name: 'メニューを開く' }));
    expect(screen.queryByRole('link', { name: '管理メニュー' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '広告主モードに切り替える' }));
    expect(onAction).toHaveBeenCalledWith('switchToShop');
    await userEvent.click(screen.getByRole('button', { name: 'ログアウト' }));
    expect(onAction).toHaveBeenCalledWith('logout');
    unmount();
    render(<Harness appearance="shop" ctx={{ ...base, isStaff: true }} />);
    await userEvent.click(screen.getByRole('button', { name: 'メニューを開く' }));
    expect(screen.getByRole('link', { name: '管理メニュー' }).getAttribute('href')).toBe('/admin-menu');
    expect(screen.getByRole('button', { name: 'フォーカスターモードに切り替える' })).toBeTruthy();
  });

  it('the shop switch (お店を切り替える, issue 11 wording) is a link to the root that also clears the selected shop (seed spec sections 2 and 4)', async () => {
    const onAction = vi.fn();
    render(<Harness appearance="shop" onAction={onAction} />);
    await userEvent.click(screen.getByRole('button', { name: 'メニューを開く' }));
    const link = screen.getByRole('link', { name: 'お店を切り替える' });
    expect(link.getAttribute('href')).toBe('/');
    await userEvent.click(link);
    expect(onAction).toHaveBeenCalledWith('switchShop');
  });
});

describe('side menu look (issue 11): icons from the features, the profile and the current page', () => {
  it('every item of every appearance has an icon, declared in the features menu.ts or by the shell', () => {
    for (const appearance of ['guest', 'shop', 'focustar'] as const) {
      const model = buildMenu(appearance, { ...base, isStaff: true });
      // NOTE: the contact feature's items (src/features/contact/menu.ts) get theirs with its next change.
      const items = [...model.items, ...model.account, ...model.staff].filter(
        (i) => i.label !== 'お問い合わせ',
      );
      for (const item of items) expect(item.icon, `${appearance}: ${item.label}`).toBeTruthy();
    }
  });

  it('shows the avatar, the name and the mode, and marks the current page with aria-current', async () => {
    render(
      <SideMenu
        open
        model={buildMenu('focustar', base)}
        currentPath="/beginner?type=focustar"
        profile={{ name: '山田 花子', avatarUrl: null, mode: 'focustar' }}
        onClose={() => {}}
        onAction={() => {}}
      />,
    );
    const nav = screen.getByRole('navigation', { name: 'メインメニュー' });
    expect(nav.textContent).toContain('山田 花子さん');
    expect(nav.textContent).toContain('フォーカスターモード');
    const current = screen.getByRole('link', { name: '安心・安全ガイド' });
    expect(current.getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'お気に入りのお店' }).getAttribute('aria-current')).toBeNull();
    expect(current.querySelector('svg')).toBeTruthy();
  });
});
