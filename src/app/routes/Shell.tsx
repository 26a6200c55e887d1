import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useState,
} from 'react';
import { useLocation } from 'wouter';
import { ERRORS } from '../../../machines/errors.ts';
import { useAuth, useSideMenu, useVersionMismatch } from '../../platform/session/hooks.ts';
import { firstScreenShown, markFirstScreenShown, useAfterFirstPaint } from '../../platform/lib/afterPaint.ts';
import { Button } from '../../platform/ui/Button.tsx';
import { GuestHeaderActions, Header, MemberHeaderActions } from '../shell/Header.tsx';
import { Layout } from '../shell/Layout.tsx';
import { assertProviders, useHasLoadingOverlay } from '../../platform/ui/LoadingOverlay.tsx';
import { styled } from '../../platform/styles/stitches.config.ts';
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

/** The side menu and the footer load after the first paint (or when the menu is opened first): ADR 0038. */
const ConnectedMenu = lazy(() => import('../shell/ConnectedMenu.tsx'));
const Footer = lazy(() => import('../shell/Footer.tsx').then((m) => ({ default: m.Footer })));
/** Issue 26 "In-app", ADR 0176: the bell loads after the first paint; its place is kept meanwhile. */
const Bell = lazy(() => import('../../features/notifications/Bell.tsx'));
const BellPlace = styled('span', { display: 'inline-block', width: '44px', height: '44px', flexShrink: 0 });

function DeferredBell() {
  const show = useAfterFirstPaint();
  return show ? (
    <Suspense fallback={<BellPlace />}>
      <Bell />
    </Suspense>
  ) : (
    <BellPlace />
  );
}

function DeferredMenu({ path }: { path: string }) {
  const { open } = useSideMenu();
  const show = useAfterFirstPaint(open);
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <ConnectedMenu path={path} />
    </Suspense>
  );
}

function ConnectedHeader() {
  const { login, user, role, shop, restoring } = useAuth();
  const menu = useSideMenu();
  // ADR 0200: while a stored session is signed back in, neither the guest's buttons nor the member's (the
  // session frame every page carries draws the header so too).
  const right =
    login && user ? (
      <>
        <MemberHeaderActions mode={role} name={role === 'shop' && shop ? shop.name : user.name} />
        <DeferredBell />
      </>
    ) : restoring ? null : (
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
  // Issue 29: a signed-in load first shows the start-up spinner (token refresh, user); the footer drawn
  // under it would be pushed down when the screen arrives (CLS 0.36 on / as the owner in a shop).
  const { initialLoading } = useAuth();
  // ADR 0199: the footer follows the first screen's content (its reads in), as the deferred parts do. A
  // screen mounted during the start-up (a public one: `/` shows the spinner then) is the first screen only
  // once the user is known: its content, and the reads it starts then, come after.
  const [mounted, setMounted] = useState(false);
  const markReady = useCallback(() => setMounted(true), []);
  useEffect(() => {
    if (!mounted || initialLoading) return;
    markFirstScreenShown();
    void firstScreenShown().then(() => setReady(true));
  }, [mounted, initialLoading]);
  return (
    <ScreenReady.Provider value={markReady}>
      <Layout
        theme={route.theme ?? 'default'}
        footer={ready && !initialLoading && (route.footer ?? true)}
        header={<ConnectedHeader />}
        menu={<DeferredMenu path={location} />}
        footerNode={
          <Suspense fallback={null}>
            <Footer />
          </Suspense>
        }
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
