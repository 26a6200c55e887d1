import { createContext, type ReactNode, useEffect } from 'react';
import { usePathname } from 'wouter/use-browser-location';
import { authActor, errorReporter, sideMenuActor, startApp } from './actors.ts';

const actors = { authActor, sideMenuActor, errorReporter };
export type AppActors = typeof actors;

const AppActorsContext = createContext<AppActors>(actors);

/**
 * Provides the module-level actors (they are not created here: StrictMode mounts twice), starts
 * the after-first-paint work (Sentry, and the feedback dialog on a fatal error), and tells the side
 * menu about navigations (it closes 100 ms later).
 */
export function AppActorsProvider({ children }: { children: ReactNode }) {
  const pathname = usePathname();
  useEffect(() => {
    startApp();
  }, []);
  useEffect(() => {
    if (pathname) sideMenuActor.send({ type: 'menu.navigated' });
  }, [pathname]);
  return <AppActorsContext.Provider value={actors}>{children}</AppActorsContext.Provider>;
}

/** Reports an error as fatal (the feedback dialog opens); for the shell's error boundary. */
export function reportFatalError(error: unknown, extra?: Record<string, unknown>): void {
  errorReporter.reportFatal(error, extra);
}
