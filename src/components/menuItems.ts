/**
 * Seed spec section 2 (side menu): the items, targets and conditions of the three appearances, as data.
 * The view renders whatever this returns; tests check it and the rendered menu.
 */
export type MenuAppearance = 'guest' | 'shop' | 'focustar';

export type MenuAction = 'close' | 'switchShop' | 'switchToShop' | 'switchToFocustar' | 'logout';
export type MenuItem =
  | { kind: 'link'; label: string; href: string; badge?: number; action?: MenuAction }
  | { kind: 'action'; label: string; action: MenuAction };

export type MenuContext = {
  /** The signed-in user's screen_name (profile at /{screen_name}). */
  userScreenName?: string | null;
  /** The selected shop, when there is one. */
  shopScreenName?: string | null;
  shopSelected: boolean;
  companyAvailable: boolean;
  isStaff: boolean;
  isBeginnerShop: boolean;
  notAcceptedUnits?: number;
};

export type MenuModel = {
  appearance: MenuAppearance;
  items: MenuItem[];
  /** Shop mode without a usable shop: why the shop items are missing. */
  shopNotice?: string;
  /** Mode switch, staff menu and logout (both signed-in menus). */
  account: MenuItem[];
  staff: MenuItem[];
};

/** Seed spec section 1: the guest sidebar copy. */
export const GUEST_SIDEBAR_COPY = [
  {
    title: '好きなお店を、SNSで応援',
    body: 'お気に入りのお店の魅力をSNSで紹介すると、お小遣いを受け取れます。応援がお店の力になります。',
  },
  {
    title: 'お客さまの声だから信頼される',
    body: '実際に通うお客さまの言葉は、広告よりも届きます。だからFocustarの投稿は信頼されます。',
  },
  {
    title: 'お店を広めたい方へ',
    body: '常連さんやファンに、SNSでの拡散をお願いしてみませんか。少ない予算から始められます。',
  },
] as const;

export const GUEST_MENU: MenuItem[] = [
  { kind: 'action', label: 'メニューを閉じる', action: 'close' },
  { kind: 'link', label: '使い方', href: '/' },
  { kind: 'link', label: '広告主の方へ', href: '/introduction-advertiser' },
  { kind: 'link', label: 'アカウント登録', href: '/line' },
  { kind: 'link', label: 'ログイン', href: '/login' },
  { kind: 'link', label: 'よくある質問（フォーカスター向け）', href: '/faq-focustar' },
];

function profileHref(screenName: string | null | undefined): string | null {
  return screenName ? `/${encodeURIComponent(screenName)}` : null;
}

export function shopMenuItems(ctx: MenuContext): MenuItem[] {
  const profile = profileHref(ctx.shopScreenName);
  return [
    {
      kind: 'link',
      label: '拡散を依頼する',
      href: ctx.isBeginnerShop ? '/beginner?type=shop' : '/ad?step=1',
    },
    { kind: 'link', label: 'モニター募集を確認する', href: '/winner-picker' },
    { kind: 'link', label: 'あなたのフォーカスター', href: '/favorites' },
    { kind: 'link', label: '料金・お支払い例', href: '/price' },
    { kind: 'link', label: 'お支払い履歴', href: '/history' },
    { kind: 'link', label: 'お支払い方法', href: '/payments' },
    ...(profile ? [{ kind: 'link', label: 'ショップのプロフィール', href: profile } as const] : []),
    { kind: 'link', label: '安心・安全ガイド', href: '/beginner?type=shop' },
    { kind: 'link', label: 'よくある質問（広告主向け）', href: '/faq-advertiser' },
    { kind: 'link', label: 'お問い合わせ', href: '/contact' },
  ];
}

export function focustarMenuItems(ctx: MenuContext): MenuItem[] {
  const profile = profileHref(ctx.userScreenName);
  return [
    {
      kind: 'link',
      label: '拡散依頼を確認する',
      href: '/advertisements',
      ...(ctx.notAcceptedUnits ? { badge: ctx.notAcceptedUnits } : {}),
    },
    { kind: 'link', label: 'お試しサポート（モニター募集）', href: '/recruitments' },
    { kind: 'link', label: 'お気に入りのお店', href: '/favorites?type=follow' },
    { kind: 'link', label: 'お小遣いを確認する', href: '/history' },
    { kind: 'link', label: '振込先の口座', href: '/bank' },
    ...(profile ? [{ kind: 'link', label: 'プロフィール', href: profile } as const] : []),
    { kind: 'link', label: 'アカウント情報', href: '/account-info' },
    { kind: 'link', label: '安心・安全ガイド', href: '/beginner?type=focustar' },
    { kind: 'link', label: 'よくある質問（フォーカスター向け）', href: '/faq-focustar' },
    { kind: 'link', label: 'お問い合わせ', href: '/contact' },
  ];
}

export function buildMenu(appearance: MenuAppearance, ctx: MenuContext): MenuModel {
  if (appearance === 'guest') return { appearance, items: GUEST_MENU, account: [], staff: [] };
  const account: MenuItem[] = [
    appearance === 'shop'
      ? { kind: 'action', label: 'サポーターモードに切り替える', action: 'switchToFocustar' }
      : { kind: 'action', label: '広告主モードに切り替える', action: 'switchToShop' },
    { kind: 'action', label: 'ログアウト', action: 'logout' },
  ];
  // Seed spec section 2 and 6: the staff section renders only for role priority 5 or lower.
  const staff: MenuItem[] = ctx.isStaff ? [{ kind: 'link', label: '管理メニュー', href: '/admin-menu' }] : [];
  if (appearance === 'focustar') return { appearance, items: focustarMenuItems(ctx), account, staff };

  // Choosing a shop happens on the root page, so the switch stays even when the other items hide.
  // A link to the root (the shop switch) that also clears the selected shop.
  const switchShop: MenuItem = {
    kind: 'link',
    label: 'ショップを切り替える',
    href: '/',
    action: 'switchShop',
  };
  const usable = (ctx.shopSelected && ctx.companyAvailable) || ctx.isStaff;
  if (usable) return { appearance, items: [switchShop, ...shopMenuItems(ctx)], account, staff };
  const shopNotice = !ctx.companyAvailable
    ? '会社の審査が完了し、ご利用可能になると広告主メニューが表示されます。'
    : 'ショップを選択すると広告主メニューが表示されます。';
  return { appearance, items: [switchShop], shopNotice, account, staff };
}
