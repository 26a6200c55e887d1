/**
 * Error reporting (seed spec sections 7, 8, 9) with `@sentry/react`, kept out of the first
 * screen's bundle: errors raised before Sentry has loaded wait in a small queue (the same 30 items
 * as the transport buffer) and are sent once it has. Without a DSN, reporting is off and the queue
 * is dropped. Fatal errors open the app's own feedback dialog (FatalErrorDialog.tsx).
 */

type SentryModule = typeof import('./sentry.ts');

export type ReportLevel = 'fatal' | 'error' | 'warning';

interface Pending {
  error: unknown;
  level: ReportLevel;
  extra: Record<string, unknown> | undefined;
}

/** Section 9: "Error-reporting buffer 30 items, breadcrumbs 100"; section 7: every trace sampled. */
export const SENTRY_OPTIONS = {
  environment: 'production',
  tracesSampleRate: 1,
  maxBreadcrumbs: 100,
  transportOptions: { bufferSize: 30 },
} as const;
export const QUEUE_LIMIT = SENTRY_OPTIONS.transportOptions.bufferSize;

type Status = 'waiting' | 'loading' | 'ready' | 'off';

export interface FatalDialogState {
  open: boolean;
  eventId: string | null;
}

export interface ErrorReporter {
  report(error: unknown, options?: { level?: ReportLevel; extra?: Record<string, unknown> }): void;
  /** A fatal error: reported, then the feedback dialog opens. */
  reportFatal(error: unknown, extra?: Record<string, unknown>): void;
  /** Loads Sentry with the DSN (null = off) and sends what was queued. */
  start(loadDsn: () => Promise<string | null>, loadSentry?: () => Promise<SentryModule>): Promise<void>;
  sendFeedback(feedback: { name: string; email: string; message: string }): Promise<void>;
  closeDialog(): void;
  dialog(): FatalDialogState;
  subscribeDialog(listener: () => void): () => void;
  status(): Status;
  queued(): number;
}

export interface ErrorReporterOptions {
  release?: string;
  log?: ((error: unknown) => void) | undefined;
  /** Extra Sentry options (tests pass a transport that keeps the envelopes). */
  sentryOverrides?: Record<string, unknown>;
}

export function createErrorReporter(options: ErrorReporterOptions = {}): ErrorReporter {
  let status: Status = 'waiting';
  let started: Promise<void> | null = null;
  let sentry: SentryModule | null = null;
  const queue: Pending[] = [];
  let dialogState: FatalDialogState = { open: false, eventId: null };
  const listeners = new Set<() => void>();
  const setDialog = (next: FatalDialogState) => {
    dialogState = next;
    for (const l of listeners) l();
  };

  const send = (item: Pending): string | null => {
    if (!sentry) return null;
    return sentry.captureException(item.error, {
      level: item.level,
      ...(item.extra ? { extra: item.extra } : {}),
    });
  };

  const enqueue = (item: Pending) => {
    options.log?.(item.error);
    if (status === 'off') return null;
    if (status === 'ready') return send(item);
    // NOTE: keep the newest items when the queue is full; the latest errors explain the state best.
    if (queue.length >= QUEUE_LIMIT) queue.shift();
    queue.push(item);
    return null;
  };

  async function startOnce(loadDsn: () => Promise<string | null>, loadSentry: () => Promise<SentryModule>) {
    status = 'loading';
    // A configuration that cannot be read means "reporting off", like a missing DSN.
    const dsn = await loadDsn().catch(() => null);
    if (!dsn) {
      status = 'off';
      queue.length = 0;
      if (dialogState.open) setDialog({ open: false, eventId: null });
      return;
    }
    try {
      sentry = await loadSentry();
    } catch (error) {
      status = 'off';
      queue.length = 0;
      options.log?.(error);
      return;
    }
    sentry.init({
      dsn,
      ...SENTRY_OPTIONS,
      ...(options.release ? { release: options.release } : {}),
      integrations: [sentry.browserTracingIntegration()],
      ...options.sentryOverrides,
    });
    status = 'ready';
    let lastFatal: string | null = null;
    for (const item of queue.splice(0)) {
      const id = send(item);
      if (item.level === 'fatal') lastFatal = id;
    }
    if (dialogState.open && !dialogState.eventId) setDialog({ open: true, eventId: lastFatal });
  }

  return {
    report(error, opts = {}) {
      enqueue({ error, level: opts.level ?? 'error', extra: opts.extra });
    },
    reportFatal(error, extra) {
      const eventId = enqueue({ error, level: 'fatal', extra });
      if (status === 'off') return;
      setDialog({ open: true, eventId });
    },
    start(loadDsn, loadSentry = () => import('./sentry.ts')) {
      started ??= startOnce(loadDsn, loadSentry);
      return started;
    },
    async sendFeedback(feedback) {
      // A user may answer the dialog while Sentry is still loading.
      if (started) await started;
      if (!sentry || status !== 'ready') return;
      sentry.captureFeedback({
        name: feedback.name,
        email: feedback.email,
        message: feedback.message,
        ...(dialogState.eventId ? { associatedEventId: dialogState.eventId } : {}),
      });
      setDialog({ open: false, eventId: null });
    },
    closeDialog: () => setDialog({ open: false, eventId: null }),
    dialog: () => dialogState,
    subscribeDialog(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    status: () => status,
    queued: () => queue.length,
  };
}
