import type { FastifyBaseLogger } from 'fastify';
import type { Env } from './env.ts';

/**
 * reCAPTCHA v2 (login and sign-up). With RECAPTCHA_SECRET the token is checked against Google's
 * siteverify endpoint (RECAPTCHA_VERIFY_URL, a local server in tests); without it the check is off,
 * which start-up logs (production refuses to start without it, see env.ts).
 */
export interface Recaptcha {
  enabled: boolean;
  verify(token: string | undefined, remoteIp: string): Promise<boolean>;
}

export function createRecaptcha(env: Env, log: FastifyBaseLogger): Recaptcha {
  const secret = env.RECAPTCHA_SECRET;
  if (!secret) {
    log.warn('reCAPTCHA verification is off: RECAPTCHA_SECRET is not set');
    return { enabled: false, verify: async () => true };
  }
  return {
    enabled: true,
    async verify(token, remoteIp) {
      if (!token) return false;
      try {
        const res = await fetch(env.RECAPTCHA_VERIFY_URL, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ secret, response: token, remoteip: remoteIp }),
          signal: AbortSignal.timeout(5000),
        });
        if (!res.ok) {
          log.error({ status: res.status }, 'reCAPTCHA verify endpoint answered an error');
          return false;
        }
        const body = (await res.json()) as { success?: unknown };
        return body.success === true;
      } catch (err) {
        log.error({ err }, 'reCAPTCHA verification failed');
        return false;
      }
    },
  };
}
