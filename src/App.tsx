import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from 'wouter';
import { startApp } from './app/actors.ts';
import { LoadingOverlayProvider, PageLoading } from './components/LoadingOverlay.tsx';
import { Toaster } from './components/Toaster.tsx';
import { ScreenErrorBoundary } from './routes/ErrorBoundary.tsx';
import { Shell } from './routes/Shell.tsx';

/** Seed spec section 2: the page router is loaded lazily, with a fallback loading view. */
const AppRoutes = lazy(() => import('./routes/AppRoutes.tsx'));

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
  useEffect(() => startApp(), []);
  return (
    <LoadingOverlayProvider>
      <Shell>
        <Screens />
      </Shell>
      <Toaster />
    </LoadingOverlayProvider>
  );
}
