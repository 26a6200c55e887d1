import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useAuth } from '../../platform/session/hooks.ts';
import { holdFirstScreen } from '../../platform/lib/afterPaint.ts';
import { PageLoading } from '../../platform/ui/LoadingOverlay.tsx';
import { styled } from '../../platform/styles/stitches.config.ts';
import { notify } from '../../platform/ui/notify.ts';
import { Landing } from './Landing.tsx';
import {
  EMAIL_VERIFICATION_RESULTS,
  type EmailVerificationResult,
} from '../../../contracts/email-verification.ts';

/**
 * The signed-in homes are a chunk of their own: a guest's first screen does not carry them (ADR 0038).
 * Issue 29: a browser with a session (marked by the page's first script, ADR 0200) loads it as soon as this
 * page's module runs, and the home is drawn once it is in: a loading render meanwhile, not a Suspense
 * fallback, which React would hold for 300 ms after the chunk arrived.
 */
type Homes = typeof import('./MemberHome.tsx');
let homes: Homes | null = null;
let homesLoading: Promise<Homes> | null = null;
const loadHomes = () =>
  (homesLoading ??= import('./MemberHome.tsx').then(
    (m) => (homes = m),
    (err: unknown) => {
      homesLoading = null;
      throw err;
    },
  ));
if (typeof document !== 'undefined' && document.documentElement.hasAttribute('data-session')) {
  void loadHomes().catch(() => {});
}

/**
 * Issue 29: while the signed-in home's chunk loads, the page is a screen high, so the footer (drawn once a
 * screen is there) starts below the fold instead of under the spinner, pushed down when the home arrives
 * (CLS 0.36 on / as the owner in a shop in `npm run bench`).
 */
const HomeLoading = styled('div', { minHeight: '100vh' });

/**
 * The server's verification link lands on `/?email_verification=ok|expired|invalid` (ADR 0013). Signed in
 * in this browser: the toast, then the signed-in home with its first steps; otherwise /login, which says
 * what happened (issue 25, ADR 0167).
 */
function useVerificationNotice() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const { user, initialLoading } = useAuth();
  const result = new URLSearchParams(search).get('email_verification');
  const signedIn = !!user;
  useEffect(() => {
    if (!result || !(result in EMAIL_VERIFICATION_RESULTS) || initialLoading) return;
    if (!signedIn) {
      navigate(`/login?email_verification=${result}`, { replace: true });
      return;
    }
    const message = EMAIL_VERIFICATION_RESULTS[result as EmailVerificationResult];
    if (result === 'ok') notify.success(message, { id: 'email-verification' });
    else notify.error(message, { id: 'email-verification' });
    navigate('/', { replace: true });
  }, [result, navigate, initialLoading, signedIn]);
}

/** Seed spec section 2: `/` is the top page, and the shop switch for signed-in users. */
export default function TopPage() {
  useVerificationNotice();
  const { login, user, role, initialLoading } = useAuth();
  if (initialLoading) return <PageLoading />;
  // A person who signed up and has not verified the e-mail yet gets the first steps too (issue 25).
  if (user && (login || !user.email_verified)) return <Home shop={login && role === 'shop'} />;
  return <Landing />;
}

/** The signed-in home, once its chunk is in. */
function Home({ shop }: { shop: boolean }) {
  const [loaded, setLoaded] = useState<{ homes: Homes | null; error: unknown }>(() => ({
    homes,
    error: null,
  }));
  // ADR 0199: on the first screen, the chunk holds the screen's "shown" as a read does, until the home has
  // rendered (its own reads, started in its effects before this one runs, hold it then).
  const hold = useRef<(() => void) | null>(null);
  useEffect(() => {
    if (loaded.homes || loaded.error) {
      hold.current?.();
      hold.current = null;
      return;
    }
    hold.current ??= holdFirstScreen();
    let live = true;
    loadHomes().then(
      (m) => live && setLoaded({ homes: m, error: null }),
      (error: unknown) => live && setLoaded({ homes: null, error }),
    );
    return () => {
      live = false;
    };
  }, [loaded]);
  useEffect(
    () => () => {
      hold.current?.();
      hold.current = null;
    },
    [],
  );
  // A chunk that could not load: the screen's error boundary says so.
  if (loaded.error) throw loaded.error;
  if (!loaded.homes) {
    return (
      <HomeLoading>
        <PageLoading />
      </HomeLoading>
    );
  }
  const Chosen = shop ? loaded.homes.ShopSwitch : loaded.homes.SupporterHome;
  return <Chosen />;
}
