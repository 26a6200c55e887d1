import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Env } from '../env.ts';

/**
 * Strict security headers. Scripts only from this origin (no 'unsafe-inline'); styles allow inline
 * because @stitches/react injects its generated rules at run time. reCAPTCHA and Sentry are added to
 * the policy only when they are configured.
 */
export async function installSecurityHeaders(app: FastifyInstance, env: Env): Promise<void> {
  const scriptSrc = ["'self'"];
  const frameSrc: string[] = [];
  const connectSrc = ["'self'"];
  if (env.RECAPTCHA_SITE_KEY) {
    scriptSrc.push('https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/');
    frameSrc.push('https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/');
  }
  if (env.SENTRY_DSN) connectSrc.push(new URL(env.SENTRY_DSN).origin);
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc,
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc,
        frameSrc: frameSrc.length ? frameSrc : ["'none'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        ...(env.NODE_ENV === 'production' ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: env.NODE_ENV === 'production' ? { maxAge: 31536000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    if (request.url.startsWith('/api/')) reply.header('Cache-Control', 'no-store');
  });
}
