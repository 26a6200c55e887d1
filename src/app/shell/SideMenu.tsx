import { ChevronRight, Dot, X } from 'lucide-react';
import { type KeyboardEvent, useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { styled } from '../../platform/styles/stitches.config.ts';
import { GUEST_SIDEBAR_COPY, type MenuAction, type MenuItem, type MenuModel } from './menu.ts';

import { SIDE_MENU_ID } from './Header.tsx';

export { SIDE_MENU_ID };

const Backdrop = styled('div', {
  position: 'fixed',
  inset: 0,
  zIndex: '$sidebar',
  backgroundColor: 'rgba(0,0,0,0.4)',
  transition: 'opacity 0.2s',
  variants: { open: { true: { opacity: 1 }, false: { opacity: 0, pointerEvents: 'none' } } },
});

const Panel = styled('div', {
  position: 'fixed',
  top: 0,
  bottom: 0,
  left: 0,
  zIndex: '$sidebar',
  width: '$sidebar',
  '@md': { width: '$sidebarMd' },
  overflowY: 'auto',
  overscrollBehavior: 'contain',
  backgroundColor: '$white',
  boxShadow: '$raised',
  variants: {
    open: {
      // Visible at once when opening (so focus can move in), hidden only after the slide when closing.
      true: { transform: 'translateX(0)', visibility: 'visible', transition: 'transform 0.2s ease' },
      false: {
        transform: 'translateX(-100%)',
        visibility: 'hidden',
        transition: 'transform 0.2s ease, visibility 0s linear 0.2s',
      },
    },
  },
});

const List = styled('ul', { listStyle: 'none', margin: 0, padding: 0 });
const itemStyle = {
  display: 'flex',
  alignItems: 'center',
  gap: '$2',
  width: '100%',
  minHeight: '$menuItem',
  padding: '$2 $4',
  border: 'none',
  borderBottom: '1px solid $gray200',
  background: 'none',
  color: '$gray900',
  fontSize: '$small',
  fontWeight: 700,
  textAlign: 'left',
  textDecoration: 'none',
  cursor: 'pointer',
  '&:hover': { backgroundColor: '$primaryPale' },
  '& > svg:first-child': { flexShrink: 0, color: '$gray600' },
  '&[aria-current="page"]': {
    color: '$primaryText',
    backgroundColor: '$primaryPale',
    boxShadow: 'inset 4px 0 0 $colors$primaryText',
    '& > svg:first-child': { color: '$primaryText' },
  },
} as const;
const Label = styled('span', { flex: 1, minWidth: 0 });
const Current = styled('span', {
  flexShrink: 0,
  padding: '0 8px',
  borderRadius: '$pill',
  backgroundColor: '$primaryText',
  color: '$white',
  fontSize: '$tiny',
});
const ItemLink = styled(Link, itemStyle);
const ItemButton = styled('button', itemStyle);
const Badge = styled('span', {
  marginLeft: 'auto',
  minWidth: '22px',
  padding: '0 6px',
  borderRadius: '$pill',
  backgroundColor: '$redText',
  color: '$white',
  fontSize: '$tiny',
  textAlign: 'center',
});
const SectionTitle = styled('h2', {
  margin: 0,
  padding: '$3 $4 $1',
  fontSize: '$h6',
  color: '$gray600',
});
const Notice = styled('p', {
  margin: '$3 $4',
  padding: '$3',
  borderRadius: '$md',
  backgroundColor: '$orangePale',
  fontSize: '$tiny',
});
const Copy = styled('div', {
  padding: '$4',
  backgroundColor: '$primaryPale',
  '& h2': { fontSize: '$h5', color: '$primaryText', margin: '0 0 $1' },
  '& p': { fontSize: '$tiny', margin: '0 0 $3' },
});

function ItemIcon({ item }: { item: MenuItem }) {
  const Icon = item.icon ?? Dot;
  return <Icon size={20} strokeWidth={2} aria-hidden="true" focusable="false" />;
}

/** Who is signed in and in which mode (issue 11): avatar (or initial), name and a mode badge. */
export type MenuProfile = {
  name: string;
  avatarUrl: string | null;
  mode: 'shop' | 'focustar';
  shopName?: string;
};

const ProfileBox = styled('div', {
  display: 'flex',
  alignItems: 'center',
  gap: '$3',
  padding: '$4',
  background: 'linear-gradient(135deg, $primaryPale, $secondaryPale)',
  borderBottom: '1px solid $gray200',
});
const Avatar = styled('span', {
  flexShrink: 0,
  width: '48px',
  height: '48px',
  borderRadius: '50%',
  overflow: 'hidden',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  backgroundColor: '$primaryText',
  color: '$white',
  fontWeight: 800,
  fontSize: '20px',
  border: '3px solid $white',
  boxShadow: '$card',
  zIndex: '$avatar',
  '& img': { width: '100%', height: '100%', objectFit: 'cover' },
  variants: { mode: { shop: { backgroundColor: '$secondaryText' }, focustar: {} } },
});
const ProfileText = styled('div', {
  minWidth: 0,
  '& strong': {
    display: 'block',
    fontSize: '$small',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
});
const ModeBadge = styled('span', {
  display: 'inline-block',
  marginTop: '2px',
  padding: '0 10px',
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

function Profile({ profile }: { profile: MenuProfile }) {
  const initial = (profile.shopName ?? profile.name).trim().charAt(0) || '?';
  return (
    <ProfileBox data-testid="side-menu-profile">
      <Avatar mode={profile.mode} aria-hidden="true">
        {profile.mode === 'focustar' && profile.avatarUrl ? <img src={profile.avatarUrl} alt="" /> : initial}
      </Avatar>
      <ProfileText>
        <strong>
          {profile.mode === 'shop' && profile.shopName ? profile.shopName : `${profile.name}さん`}
        </strong>
        <ModeBadge mode={profile.mode}>
          {profile.mode === 'shop' ? '広告主モード' : 'フォーカスターモード'}
        </ModeBadge>
      </ProfileText>
    </ProfileBox>
  );
}

function Item({
  item,
  currentPath,
  onAction,
}: {
  item: MenuItem;
  currentPath: string;
  onAction: (a: MenuAction) => void;
}) {
  if (item.kind === 'action') {
    return (
      <li>
        <ItemButton type="button" data-action={item.action} onClick={() => onAction(item.action)}>
          <ItemIcon item={item} />
          <Label>{item.label}</Label>
        </ItemButton>
      </li>
    );
  }
  // A link is the current page when path and query match (`/beginner?type=shop`), or its path does and
  // it has no query of its own.
  const isCurrent =
    item.href === currentPath || (!item.href.includes('?') && item.href === currentPath.split('?')[0]);
  return (
    <li>
      <ItemLink
        href={item.href}
        aria-current={isCurrent ? 'page' : undefined}
        onClick={item.action ? () => onAction(item.action!) : undefined}
      >
        <ItemIcon item={item} />
        <Label>{item.label}</Label>
        {item.badge ? <Badge aria-label={`未対応 ${item.badge}件`}>{item.badge}</Badge> : null}
        {isCurrent ? (
          <Current aria-hidden="true">表示中</Current>
        ) : (
          <ChevronRight size={16} aria-hidden="true" color="#9e9e9e" />
        )}
      </ItemLink>
    </li>
  );
}

const FOCUSABLE = 'a[href], button:not([disabled]), input, select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * The side menu (seed spec section 2): 216 px wide, 280 px from md, items at least 40 px high. It is a
 * labelled navigation landmark; opening moves focus into it, closing gives focus back, Escape closes.
 */
export function SideMenu({
  open,
  model,
  currentPath,
  profile,
  onClose,
  onAction,
}: {
  open: boolean;
  model: MenuModel;
  /** The current path with its query (`/beginner?type=shop`): its link is marked aria-current="page". */
  currentPath: string;
  profile?: MenuProfile | null;
  onClose: () => void;
  onAction: (a: MenuAction) => void;
}) {
  const panel = useRef<HTMLDivElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    if (open) {
      const active = document.activeElement as HTMLElement | null;
      if (!panel.current?.contains(active)) returnTo.current = active;
      const focusFirst = () => panel.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
      focusFirst();
      // NOTE: a browser may still be applying the open styles in this frame; try again in the next one.
      const raf = requestAnimationFrame(() => {
        if (!panel.current?.contains(document.activeElement)) focusFirst();
      });
      // Escape closes the menu wherever focus is (e.g. still on the menu button).
      const onKey = (e: globalThis.KeyboardEvent) => {
        if (e.key === 'Escape') onCloseRef.current();
      };
      document.addEventListener('keydown', onKey);
      return () => {
        cancelAnimationFrame(raf);
        document.removeEventListener('keydown', onKey);
      };
    }
    if (returnTo.current) {
      // Give focus back only if it was inside the menu (a click on the page keeps its own focus).
      const active = document.activeElement;
      if (!active || active === document.body || panel.current?.contains(active)) {
        if (returnTo.current.isConnected) returnTo.current.focus();
      }
      returnTo.current = null;
    }
  }, [open]);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'Tab' || !panel.current) return;
    // Keep Tab inside the open menu, as the page behind it is covered.
    const nodes = Array.from(panel.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = nodes[0];
    const last = nodes[nodes.length - 1];
    if (!first || !last) return;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  const appearanceLabel = model.appearance === 'guest' ? null : 'メニュー';
  return (
    <>
      <Backdrop open={open} aria-hidden="true" data-testid="side-menu-backdrop" onClick={onClose} />
      <Panel
        ref={panel}
        id={SIDE_MENU_ID}
        open={open}
        inert={!open}
        data-appearance={model.appearance}
        data-state={open ? 'open' : 'closed'}
        onKeyDown={onKeyDown}
      >
        <nav aria-label="メインメニュー">
          {model.appearance !== 'guest' && (
            <List>
              <Item
                item={{ kind: 'action', label: 'メニューを閉じる', action: 'close', icon: X }}
                currentPath={currentPath}
                onAction={onAction}
              />
            </List>
          )}
          {profile && model.appearance !== 'guest' && <Profile profile={profile} />}
          {appearanceLabel && <SectionTitle>{appearanceLabel}</SectionTitle>}
          <List>
            {model.items.map((item) => (
              <Item key={item.label} item={item} currentPath={currentPath} onAction={onAction} />
            ))}
          </List>
          {model.shopNotice && <Notice role="note">{model.shopNotice}</Notice>}
          {model.staff.length > 0 && (
            <section aria-labelledby="side-menu-staff">
              <SectionTitle id="side-menu-staff">スタッフメニュー</SectionTitle>
              <List>
                {model.staff.map((item) => (
                  <Item key={item.label} item={item} currentPath={currentPath} onAction={onAction} />
                ))}
              </List>
            </section>
          )}
          {model.account.length > 0 && (
            <List>
              {model.account.map((item) => (
                <Item key={item.label} item={item} currentPath={currentPath} onAction={onAction} />
              ))}
            </List>
          )}
        </nav>
        {model.appearance === 'guest' && (
          <Copy>
            {GUEST_SIDEBAR_COPY.map((c) => (
              <div key={c.title}>
                <h2>{c.title}</h2>
                <p>{c.body}</p>
              </div>
            ))}
          </Copy>
        )}
      </Panel>
    </>
  );
}
