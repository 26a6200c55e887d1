/**
 * The few parts of @sentry/react the app uses. The error reporter imports this module lazily;
 * naming the exports (instead of importing the whole namespace) lets the bundler drop the rest
 * (session replay, the feedback widget, …) from the chunk loaded after the first paint.
 */
export { browserTracingIntegration, captureException, captureFeedback, init } from '@sentry/react';
