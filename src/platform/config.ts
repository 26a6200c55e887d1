import type { PublicConfig } from '../../contracts/system.ts';
import { type CallOptions, callLazy } from './request/request.ts';

/** GET /api/config: the public runtime configuration (the Sentry DSN, the reCAPTCHA site key). */
export function getConfig(options?: CallOptions): Promise<PublicConfig> {
  return callLazy(
    () => import('../../contracts/system.ts').then((m) => m.publicConfigSchema),
    { method: 'GET', path: '/api/config' },
    { retry: false, ...options },
  );
}

/** What the app runs with when the configuration cannot be read: every optional feature off. */
export const NO_CONFIG: PublicConfig = {
  version: '',
  recaptchaSiteKey: null,
  sentryDsn: null,
  oauthProviders: [],
  legal: { seller: null, representative: null, address: null, phone: null, email: null },
};

let once: Promise<PublicConfig> | null = null;
/**
 * The configuration, read once per page load and shared by every reader (Sentry, the login form, the
 * social buttons). A quiet call: a failure means "features off", never a toast. It always settles.
 */
export function loadPublicConfig(): Promise<PublicConfig> {
  once ??= getConfig({ quiet: true }).catch(() => NO_CONFIG);
  return once;
}
