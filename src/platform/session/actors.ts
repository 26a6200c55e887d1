import { navigate } from 'wouter/use-browser-location';
import { configureRequests, requestDeps } from '../request/request.ts';
import { loadPublicConfig } from '../config.ts';
import { configureIdErrors } from '../lib/ids.ts';
import { session } from './session-storage.ts';
import { apiAuthCalls, createAppActors, defaultBrowserEffects } from './createAppActors.ts';
import { createErrorReporter } from '../reporting/errorReporting.ts';
import { devInspector } from '../reporting/inspector.ts';
import { versionStore } from './versionStore.ts';
import { notify } from '../ui/notify.ts';
import { afterFirstPaint } from '../lib/afterPaint.ts';

/**
 * The app-wide actors, created once at module level, outside React: StrictMode's double mount
 * cannot start them twice (ADR 0021). Everything the pure machines and the request layer need
 * from the browser is wired here.
 */

export const errorReporter = createErrorReporter({
  release: requestDeps.appVersion,
  log: import.meta.env.DEV && import.meta.env.MODE !== 'test' ? (error) => console.error(error) : undefined,
});

const report = (error: unknown, extra?: Record<string, unknown>) =>
  errorReporter.report(error, extra ? { extra } : {});

configureRequests({
  navigate: (to) => navigate(to),
  toastError: (message) => notify.error(message),
  toastSuccess: (message) => notify.success(message),
  report,
  onSessionExpired: () => authActor.send({ type: 'auth.sessionExpired' }),
  onVersionMismatch: (version) => versionStore.flag(version),
});

configureIdErrors({
  show: (error) => notify.error(error.message),
  report: (error) => report(error, { value: String(error.value) }),
});

const app = createAppActors({
  session,
  calls: apiAuthCalls,
  navigate: (to) => navigate(to),
  ...defaultBrowserEffects,
  report,
  toastError: (message) => notify.error(message),
  inspect: devInspector(),
});

export const authActor = app.authActor;
export const sideMenuActor = app.sideMenuActor;

let started = false;

/**
 * Work that waits until after the first paint: loading Sentry (with the DSN from GET /api/config)
 * and catching errors nobody handled. Idempotent; AppActorsProvider calls it on mount.
 */
export function startApp(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  const onError = (event: ErrorEvent) => errorReporter.report(event.error ?? event.message);
  const onRejection = (event: PromiseRejectionEvent) => errorReporter.report(event.reason);
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  const load = () =>
    void errorReporter
      .start(async () => (await loadPublicConfig()).sentryDsn)
      .finally(() => {
        // Sentry installs its own global handlers; ours only covered the time before it loaded.
        if (errorReporter.status() === 'ready') {
          window.removeEventListener('error', onError);
          window.removeEventListener('unhandledrejection', onRejection);
        }
      });
  // The feedback dialog's code is fetched only when a fatal error first opens it.
  let dialogMounted = false;
  errorReporter.subscribeDialog(() => {
    if (dialogMounted || !errorReporter.dialog().open) return;
    dialogMounted = true;
    void import('../reporting/fatalDialogRoot.tsx').then(({ mountFatalDialog }) =>
      mountFatalDialog(errorReporter),
    );
  });
  void afterFirstPaint().then(load);
}
