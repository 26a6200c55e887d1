import { lazy, Suspense } from 'react';
import { useAfterFirstPaint } from '../platform/lib/afterPaint.ts';
import { preloadable } from '../platform/lib/preloadable.ts';
import { useLocation } from 'wouter';
import { AppActorsProvider } from '../platform/session/AppActorsProvider.tsx';
import { LoadingOverlayProvider, PageLoading } from '../platform/ui/LoadingOverlay.tsx';
import { ScreenErrorBoundary } from './routes/ErrorBoundary.tsx';
import { Shell } from './routes/Shell.tsx';

/**
 * Seed spec section 2: the page router is loaded lazily, with a fallback loading view. Start-up loads it
 * ahead (`preloadAppRoutes`, src/main.tsx), so the first render does not suspend on it (issue 29).
 */
const appRoutes = preloadable(() => import('./routes/AppRoutes.tsx'));
const AppRoutes = appRoutes.Component;
export const preloadAppRoutes = appRoutes.preload;
/** Toasts wait in react-hot-toast's store until the toaster arrives after the first paint (ADR 0038). */
const Toaster = lazy(() => import('../platform/ui/Toaster.tsx').then((m) => ({ default: m.Toaster })));

function DeferredToaster() {
  const show = useAfterFirstPaint();
  return show ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

function Screens() {
  const [location] = useLocation();
  return (
    <ScreenErrorBoundary resetKey={location}>
      <Suspense fallback={<PageLoading />}>
        <AppRoutes />
      </Suspense>
    </ScreenErrorBoundary>
  );
}

/** The app shell: providers, the frame, the lazy routes and the toaster. */
export function App() {
  return (
    <AppActorsProvider>
      <LoadingOverlayProvider>
        <Shell>
          <Screens />
        </Shell>
        <DeferredToaster />
      </LoadingOverlayProvider>
    </AppActorsProvider>
  );
}
