import { lazy, Suspense } from 'react';
import { useLocation } from 'wouter';
import { AppActorsProvider } from './app/AppActorsProvider.tsx';
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
  return (
    <AppActorsProvider>
      <LoadingOverlayProvider>
        <Shell>
          <Screens />
        </Shell>
        <Toaster />
      </LoadingOverlayProvider>
    </AppActorsProvider>
  );
}
