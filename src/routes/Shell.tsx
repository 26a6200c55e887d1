import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { ERRORS } from '../api/errors.ts';
import { authActions, useAuth, useSideMenu, useVersionMismatch } from '../app/hooks.ts';
import { Button } from '../components/Button.tsx';
import { Footer } from '../components/Footer.tsx';
import { GuestHeaderActions, Header, MemberHeaderActions } from '../components/Header.tsx';
import { Layout } from '../components/Layout.tsx';
import { assertProviders, useHasLoadingOverlay } from '../components/LoadingOverlay.tsx';
import { buildMenu, type MenuAction } from '../components/menuItems.ts';
import { SideMenu } from '../components/SideMenu.tsx';
import { styled } from '../styles/stitches.config.ts';
import { usePageMeta } from './meta.ts';
import { matchRoute } from './table.ts';

const VersionBanner = styled('div', {
  position: 'fixed',
  bottom: '$3',
  left: '$3',
  right: '$3',
  zIndex: '$stickyNavOverride',
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '$3',
  padding: '$3 $4',
  borderRadius: '$md',
  backgroundColor: '$gray900',
  color: '$white',
  boxShadow: '$raised',
  '@md': { left: 'auto', maxWidth: '480px' },
});

/**
 * The footer waits for the first screen: it is added below the content once the content is there, rather
 * than drawn at the bottom of an empty page and pushed down when the lazy screen arrives (a layout shift).
 */
const ScreenReady = createContext<() => void>(() => {});
export const useMarkScreenReady = () => useContext(ScreenReady);

/** The side menu wired to the side-menu and auth actors (seed spec sections 2 and 4). */
function ConnectedMenu({ path }: { path: string }) {
  const auth = useAuth();
  const menu = useSideMenu();
  const model = useMemo(
    () =>
      buildMenu(menu.appearance, {
        userScreenName: auth.user?.screen_name ?? null,
        shopScreenName: auth.shop?.screen_name ?? null,
        shopSelected: !!auth.shop,
        companyAvailable: auth.companyAvailable,
        isStaff: auth.isStaff,
        isBeginnerShop: auth.isBeginnerShop,
        notAcceptedUnits: auth.user?.not_accepted_units_count ?? 0,
      }),
    [menu.appearance, auth.user, auth.shop, auth.companyAvailable, auth.isStaff, auth.isBeginnerShop],
  );

  // Seed spec section 2: the menu closes 100 ms after a navigation; AppActorsProvider tells the actor.

  const onAction = (action: MenuAction) => {
    switch (action) {
      case 'close':
        return menu.send({ type: 'menu.close' });
      case 'switchShop':
        return authActions.switchShop();
      case 'switchToShop':
        return authActions.switchMode('shop');
      case 'switchToFocustar':
        return authActions.switchMode('focustar');
      case 'logout':
        menu.send({ type: 'menu.logout' });
        return;
    }
  };
  return (
    <SideMenu
      open={menu.open}
      model={model}
      currentPath={path}
      onClose={() => menu.send({ type: 'menu.close' })}
      onAction={onAction}
    />
  );
}

function ConnectedHeader() {
  const { login, user, role, shop } = useAuth();
  const menu = useSideMenu();
  const right =
    login && user ? (
      <MemberHeaderActions mode={role} name={role === 'shop' && shop ? shop.name : user.name} />
    ) : (
      <GuestHeaderActions />
    );
  return (
    <Header menuOpen={menu.open} onToggleMenu={() => menu.send({ type: 'menu.toggle' })} right={right} />
  );
}

/**
 * The frame around every screen: header, side menu, footer (shown or hidden per page), the page theme
 * and the page's title and description, all known from the route table before the screen's chunk loads.
 */
export function Shell({ children }: { children: ReactNode }) {
  assertProviders({ LoadingOverlayProvider: useHasLoadingOverlay() });
  const [location] = useLocation();
  const { route } = matchRoute(location);
  usePageMeta(route);
  const versionMismatch = useVersionMismatch();
  const [ready, setReady] = useState(false);
  const markReady = useCallback(() => setReady(true), []);
  return (
    <ScreenReady.Provider value={markReady}>
      <Layout
        theme={route.theme ?? 'default'}
        footer={ready && (route.footer ?? true)}
        header={<ConnectedHeader />}
        menu={<ConnectedMenu path={location} />}
        footerNode={<Footer />}
      >
        {children}
        {versionMismatch && (
          <VersionBanner role="alert">
            <span>{ERRORS.versionMismatch}</span>
            <Button size="sm" variant="outline" onClick={() => window.location.reload()}>
              再読み込み
            </Button>
          </VersionBanner>
        )}
      </Layout>
    </ScreenReady.Provider>
  );
}
