import { ArrowLeftRight, LogOut, Settings, Sparkles, Store, X } from 'lucide-react';
import type { MenuAppearance, MenuContext, MenuEntry, MenuItem, MenuModel } from '../../platform/menu.ts';
import { FEATURES } from '../features.ts';

export type { MenuAction, MenuContext, MenuItem, MenuModel } from '../../platform/menu.ts';
export { GUEST_SIDEBAR_COPY } from '../../platform/menu.ts';

let ENTRIES: readonly MenuEntry[] = [];
let loading: Promise<readonly MenuEntry[]> | null = null;
/**
 * The features' menu items, loaded once with the menu (after the first paint, ADR 0038): each feature's
 * menu.ts, with its icons, is its own small chunk. `buildMenu` reads them once this has settled.
 */
export function loadMenuEntries(): Promise<readonly MenuEntry[]> {
  loading ??= Promise.all(
    FEATURES.map(async (f) => (typeof f.menu === 'function' ? (await f.menu()).menu : (f.menu ?? []))),
  ).then((lists) => (ENTRIES = lists.flat()));
  return loading;
}

/** The items the features contribute to one appearance, in the seed spec's order. */
function itemsOf(appearance: MenuAppearance, ctx: MenuContext, entries: readonly MenuEntry[]): MenuItem[] {
  return entries
    .filter((e) => e.appearance === appearance)
    .toSorted((a, b) => a.order - b.order)
    .flatMap((e) => {
      const item = e.item(ctx);
      if (!item) return [];
      return e.icon && !item.icon ? [{ ...item, icon: e.icon }] : [item];
    });
}

/**
 * Seed spec section 2 (side menu): the items, targets and conditions of the three appearances. The
 * features give the items; the shell adds its own (close, shop switch, mode switch, staff, logout).
 */
export function buildMenu(
  appearance: MenuAppearance,
  ctx: MenuContext,
  entries: readonly MenuEntry[] = ENTRIES,
): MenuModel {
  if (appearance === 'guest') {
    const close: MenuItem = { kind: 'action', label: 'メニューを閉じる', action: 'close', icon: X };
    return { appearance, items: [close, ...itemsOf('guest', ctx, entries)], account: [], staff: [] };
  }
  const account: MenuItem[] = [
    appearance === 'shop'
      ? {
          kind: 'action',
          label: 'フォーカスターモードに切り替える',
          action: 'switchToFocustar',
          icon: Sparkles,
        }
      : { kind: 'action', label: '広告主モードに切り替える', action: 'switchToShop', icon: Store },
    { kind: 'action', label: 'ログアウト', action: 'logout', icon: LogOut },
  ];
  // Seed spec section 2 and 6: the staff section renders only for role priority 5 or lower.
  const staff: MenuItem[] = ctx.isStaff
    ? [{ kind: 'link', label: '管理メニュー', href: '/admin-menu', icon: Settings }]
    : [];
  if (appearance === 'focustar') {
    return { appearance, items: itemsOf('focustar', ctx, entries), account, staff };
  }

  // Choosing a shop happens on the root page, so the switch stays even when the other items hide.
  // A link to the root (the shop switch) that also clears the selected shop.
  const switchShop: MenuItem = {
    kind: 'link',
    label: 'お店を切り替える',
    href: '/',
    action: 'switchShop',
    icon: ArrowLeftRight,
  };
  const usable = (ctx.shopSelected && ctx.companyAvailable) || ctx.isStaff;
  if (usable) return { appearance, items: [switchShop, ...itemsOf('shop', ctx, entries)], account, staff };
  const shopNotice = !ctx.companyAvailable
    ? '会社の審査が完了し、ご利用可能になると広告主メニューが表示されます。'
    : 'お店を選択すると広告主メニューが表示されます。';
  return { appearance, items: [switchShop], shopNotice, account, staff };
}
