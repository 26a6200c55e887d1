import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { styled } from '../../platform/styles/stitches.config.ts';
import { buttonClass } from '../../platform/ui/Button.tsx';

/** The side menu's id; the menu itself loads after the first paint (ADR 0038). */
export const SIDE_MENU_ID = 'side-menu';

const Bar = styled('header', {
  position: 'fixed',
  top: 0,
  left: 0,
  right: 0,
  zIndex: '$header',
  height: '$header',
  display: 'flex',
  alignItems: 'center',
  gap: '$2',
  px: '$2',
  backgroundColor: '$white',
  borderBottom: '1px solid $gray200',
  '@md': { px: '$4' },
});

const MenuButton = styled('button', {
  width: '44px',
  height: '44px',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  border: 'none',
  borderRadius: '$md',
  background: 'none',
  color: '$gray900',
  cursor: 'pointer',
  '&:hover': { backgroundColor: '$gray100' },
});

const Logo = styled(Link, {
  display: 'inline-flex',
  alignItems: 'center',
  gap: '6px',
  fontFamily: '$rounded',
  fontWeight: 800,
  fontSize: '20px',
  color: '$primaryText',
  textDecoration: 'none',
  letterSpacing: '0.02em',
});

const Right = styled('div', { marginLeft: 'auto', display: 'flex', alignItems: 'center', gap: '$2' });
const HideOnXs = styled('span', { display: 'none', '@sm': { display: 'inline-flex' } });

export function LogoMark() {
  return (
    <svg width="26" height="26" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <circle cx="16" cy="16" r="15" fill="#e8508a" />
      <path d="M16 7l2.6 5.6 6.1.7-4.5 4.2 1.2 6-5.4-3-5.4 3 1.2-6-4.5-4.2 6.1-.7z" fill="#fff" />
    </svg>
  );
}

/** The 50 px header (seed spec section 9): menu button, logo, and the account corner. */
export function Header({
  menuOpen,
  onToggleMenu,
  right,
}: {
  menuOpen: boolean;
  onToggleMenu: () => void;
  right?: ReactNode;
}) {
  return (
    <Bar>
      <MenuButton
        type="button"
        aria-expanded={menuOpen}
        // The menu is in the page only once it has opened (it loads after the first paint).
        aria-controls={menuOpen ? SIDE_MENU_ID : undefined}
        aria-label={menuOpen ? 'メニューを閉じる' : 'メニューを開く'}
        onClick={onToggleMenu}
        data-testid="menu-toggle"
      >
        <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </MenuButton>
      <Logo href="/" aria-label="Focustar トップページ">
        <LogoMark />
        <span aria-hidden="true">Focustar</span>
      </Logo>
      <Right>{right}</Right>
    </Bar>
  );
}

export function GuestHeaderActions() {
  return (
    <>
      <Link href="/login" className={buttonClass({ variant: 'ghost', size: 'sm' })}>
        ログイン
      </Link>
      <HideOnXs>
        <Link href="/register" className={buttonClass({ variant: 'primary', size: 'sm' })}>
          新規登録
        </Link>
      </HideOnXs>
    </>
  );
}

const ModeBadge = styled('span', {
  display: 'none',
  '@sm': { display: 'inline-block' },
  padding: '2px 10px',
  borderRadius: '$pill',
  fontSize: '$tiny',
  fontWeight: 700,
  variants: {
    mode: {
      shop: { backgroundColor: '$secondaryLight', color: '#064a68' },
      focustar: { backgroundColor: '$primaryLight', color: '#7a1640' },
    },
  },
});
const Who = styled('span', {
  maxWidth: '40vw',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  fontSize: '$small',
  fontWeight: 700,
});

export function MemberHeaderActions({ mode, name }: { mode: 'shop' | 'focustar'; name: string }) {
  return (
    <>
      <ModeBadge mode={mode}>{mode === 'shop' ? '広告主モード' : 'フォーカスターモード'}</ModeBadge>
      <Who>{name}</Who>
    </>
  );
}
