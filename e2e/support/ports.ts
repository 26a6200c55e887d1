/**
 * Where the e2e stack listens. One base port (E2E_PORT, else one derived from the run's process id so
 * two runs on one machine rarely collide); the aux server (mail and OAuth control for the tests) on the next one; the
 * local SMTP, reCAPTCHA and OAuth servers take any free port and are passed to the server by env. The Playwright config
 * fixes E2E_PORT in its own environment, which the web server and the workers inherit.
 */
export interface StackPorts {
  app: number;
  aux: number;
}

export function stackPorts(env: Record<string, string | undefined> = process.env): StackPorts {
  const base = Number(env.E2E_PORT ?? 3210);
  return { app: base, aux: base + 1 };
}

export const appUrl = (ports = stackPorts()) => `http://127.0.0.1:${ports.app}`;
export const auxUrl = (ports = stackPorts()) => `http://127.0.0.1:${ports.aux}`;

/** The reCAPTCHA keys of the e2e server. The stand-in widget issues `token`, which the local verify endpoint accepts. */
export const E2E_RECAPTCHA = {
  siteKey: 'e2e-site-key',
  secret: 'e2e-recaptcha-secret',
  token: 'e2e-recaptcha-pass',
} as const;

/** Where the e2e stack sends the operators' copy of contact messages and shop requests (CONTACT_MAIL_TO). */
export const E2E_CONTACT_MAIL_TO = 'operators@example.com';

export const E2E_APP_SECRET = 'e2e-only-app-secret-0123456789abcdef-not-for-production';
export const E2E_APP_VERSION = 'e2e';
