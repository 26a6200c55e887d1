import { createContext, type ReactNode, useEffect, useRef } from 'react';
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
  // The page the app started on is not a navigation: since ADR 0208 a press that opens the menu while the
  // app takes the page over may come before the first commit's effects, and the menu must stay open.
  const shown = useRef(pathname);
  useEffect(() => {
    startApp();
  }, []);
  useEffect(() => {
    if (pathname === shown.current) return;
    shown.current = pathname;
    sideMenuActor.send({ type: 'menu.navigated' });
  }, [pathname]);
  return <AppActorsContext.Provider value={actors}>{children}</AppActorsContext.Provider>;
}

/** Reports an error as fatal (the feedback dialog opens); for the shell's error boundary. */
export function reportFatalError(error: unknown, extra?: Record<string, unknown>): void {
  errorReporter.reportFatal(error, extra);
}
