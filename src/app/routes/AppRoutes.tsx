import { type ReactNode, Suspense, useEffect, useRef } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { ID_MESSAGE } from '../../../contracts/values.ts';
import { useAuth, useSideMenu } from '../../platform/session/hooks.ts';
import { ButtonLink } from '../../platform/ui/Button.tsx';
import { PendingPage } from '../../platform/ui/Page.tsx';
import { MessageView } from '../../platform/ui/StatusViews.tsx';
import { invalidIdParam, reportInvalidId } from './ids.ts';
import { loadedHead, screenFor } from './screens.ts';
import { useMarkScreenReady } from './Shell.tsx';
import { matchRoute, type RouteDef, safeRedirect } from './table.ts';

/** Where a guest goes for a signed-in route: /login, remembering where to come back to. */
export function loginRedirect(location: string, search: string): string {
  const back = `${location}${search ? `?${search}` : ''}`;
  return `/login?redirect=${encodeURIComponent(back)}`;
}

function InvalidId({ param, value }: { param: string; value: string | undefined }) {
  const reported = useRef(false);
  useEffect(() => {
    // Once per bad path, even under StrictMode's double effects.
    if (reported.current) return;
    reported.current = true;
    reportInvalidId(value);
  }, [value]);
  return (
    <MessageView title="ページを表示できません">
      <span data-param={param}>{ID_MESSAGE}</span>
    </MessageView>
  );
}

/** Tells the shell that real content is on the page (see Shell: the footer follows it). */
function Ready({ children }: { children: ReactNode }) {
  const markReady = useMarkScreenReady();
  useEffect(() => markReady(), [markReady]);
  return children;
}

/**
 * The route gate (seed spec sections 2, 5 and 6): guests are sent to /login from signed-in routes and
 * come back after login; signed-in users are sent away from /login and the sign-up pages; staff routes
 * need role priority <= 5; ids in the path pass the id rule before the screen (and its calls) loads.
 */
export function RouteGate({
  route,
  params,
  location,
  search,
}: {
  route: RouteDef;
  params: Record<string, string>;
  location: string;
  search: string;
}) {
  const { login, initialLoading, isStaff } = useAuth();
  // ADR 0215: the mode the screen draws in (an owner in their shop, or supporter mode).
  const mode = useSideMenu().appearance === 'shop' ? 'shop' : 'focustar';
  if (route.access !== 'public' && initialLoading) return <PendingPage head={loadedHead(route, mode)} />;
  if ((route.access === 'member' || route.access === 'staff') && !login) {
    return <Redirect to={loginRedirect(location, search)} replace />;
  }
  if (route.access === 'guest' && login) {
    const back = route.path === '/login' ? safeRedirect(new URLSearchParams(search).get('redirect')) : null;
    return <Redirect to={back ?? '/'} replace />;
  }
  if (route.access === 'staff' && !isStaff) {
    return (
      <Ready>
        <MessageView
          title="このページを表示する権限がありません"
          action={<ButtonLink href="/">トップページへ戻る</ButtonLink>}
        >
          このページは運営スタッフ専用です。
        </MessageView>
      </Ready>
    );
  }
  const bad = invalidIdParam(route.ids, params);
  if (bad) {
    return (
      <Ready>
        <InvalidId key={location} param={bad} value={params[bad]} />
      </Ready>
    );
  }
  const Screen = screenFor(route);
  return (
    <Suspense fallback={<PendingPage head={loadedHead(route, mode)} />}>
      <Ready>
        <Screen params={params} />
      </Ready>
    </Suspense>
  );
}

/** The page router (loaded lazily by the shell, seed spec section 2). */
export default function AppRoutes() {
  const [location] = useLocation();
  const search = useSearch();
  const { route, params } = matchRoute(location);
  return <RouteGate key={route.path} route={route} params={params} location={location} search={search} />;
}
