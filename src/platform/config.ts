import { PUBLIC_CONFIG_ELEMENT_ID } from '../../contracts/values.ts';
import type { PublicConfig } from '../../contracts/system.ts';
import { type CallOptions, callLazy } from './request/request.ts';

/** The contract of the configuration, loaded when first needed (ADR 0038). */
const configContract = () => import('../../contracts/system.ts').then((m) => m.publicConfigSchema);

/** GET /api/config: the public runtime configuration (the Sentry DSN, the reCAPTCHA site key). */
export function getConfig(options?: CallOptions): Promise<PublicConfig> {
  return callLazy(configContract, { method: 'GET', path: '/api/config' }, { retry: false, ...options });
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
  const fromApi = () => getConfig({ quiet: true });
  once ??= (inPage()?.catch(fromApi) ?? fromApi()).catch(() => NO_CONFIG);
  return once;
}

/**
 * The configuration the server put in the page (ADR 0155: the same answer as GET /api/config, parsed by
 * the same schema), so that no call is needed; null when the page has none.
 */
function inPage(): Promise<PublicConfig> | null {
  const text =
    typeof document === 'undefined' ? null : document.getElementById(PUBLIC_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return null;
  return configContract().then((schema) => schema.parse(JSON.parse(text)));
}
