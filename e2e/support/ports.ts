/**
 * Where the e2e stack listens. One base port (E2E_PORT, else one derived from the run's process id so
 * two runs on one machine rarely collide); the helpers sit on the next ports. The Playwright config
 * fixes E2E_PORT in its own environment, which the web server and the workers inherit.
 */
export interface StackPorts {
  app: number;
  aux: number;
  smtp: number;
  oauth: number;
}

export function stackPorts(env: Record<string, string | undefined> = process.env): StackPorts {
  const base = Number(env.E2E_PORT ?? 3210);
  return { app: base, aux: base + 1, smtp: base + 2, oauth: base + 3 };
}

export const appUrl = (ports = stackPorts()) => `http://127.0.0.1:${ports.app}`;
export const auxUrl = (ports = stackPorts()) => `http://127.0.0.1:${ports.aux}`;

/** The reCAPTCHA keys of the e2e server. The stand-in widget issues tokens the local verify endpoint accepts. */
export const E2E_RECAPTCHA = {
  siteKey: 'e2e-site-key',
  secret: 'e2e-recaptcha-secret',
  tokenPrefix: 'e2e-recaptcha-ok-',
} as const;

export const E2E_APP_SECRET = 'e2e-only-app-secret-0123456789abcdef-not-for-production';
export const E2E_APP_VERSION = 'e2e';
