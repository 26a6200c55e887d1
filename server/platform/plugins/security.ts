import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Env } from '../env.ts';

type Directives = Record<string, string[]>;

/**
 * The Content-Security-Policy. Scripts only from this origin (no 'unsafe-inline'); styles allow inline
 * because @stitches/react injects its generated rules at run time. reCAPTCHA and Sentry are added to
 * the policy only when they are configured.
 */
function cspDirectives(env: Env): Directives {
  const scriptSrc = ["'self'"];
  const frameSrc: string[] = [];
  const connectSrc = ["'self'"];
  if (env.RECAPTCHA_SITE_KEY) {
    scriptSrc.push('https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/');
    frameSrc.push('https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/');
  }
  if (env.SENTRY_DSN) connectSrc.push(new URL(env.SENTRY_DSN).origin);
  return {
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
  };
}

const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=()';

/**
 * The headers of an answer written without Fastify's hooks (HTTP-level errors: a bad request line,
 * over-long headers, a bad URL; issue 10 item 7): the same policy helmet sends on every other answer.
 */
export function baseSecurityHeaders(env: Env): Record<string, string> {
  const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  const csp = Object.entries(cspDirectives(env))
    .map(([name, values]) => [kebab(name), ...values].join(' '))
    .join(';');
  return {
    'Content-Security-Policy': csp,
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Permissions-Policy': PERMISSIONS_POLICY,
    'Cache-Control': 'no-store',
    ...(env.NODE_ENV === 'production'
      ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' }
      : {}),
  };
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * Whether a request is an API call, decided by the route that matched (issue 10 item 5: `/%61pi/me`
 * matches `/api/me`, so the raw URL must not decide). Unmatched requests (the 404 handler) fall back to
 * the decoded path.
 */
export function isApiRequest(request: FastifyRequest): boolean {
  const pattern = request.routeOptions.url;
  if (pattern) return pattern === '/api' || pattern.startsWith('/api/');
  const path = safeDecode(request.url.split('?')[0]!);
  return path === '/api' || path.startsWith('/api/');
}

/** Strict security headers on every answer (ADR 0002). */
export async function installSecurityHeaders(app: FastifyInstance, env: Env): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(env) },
    hsts: env.NODE_ENV === 'production' ? { maxAge: 31536000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Issue 10 item 11: DENY agrees with CSP frame-ancestors 'none' (SAMEORIGIN contradicted it).
    frameguard: { action: 'deny' },
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('Permissions-Policy', PERMISSIONS_POLICY);
    if (isApiRequest(request)) reply.header('Cache-Control', 'no-store');
  });
}
