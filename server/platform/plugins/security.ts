import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { EARLY_SESSION_SCRIPT, FIRST_PAINT_SCRIPT, SESSION_FRAME_SCRIPT } from '../first-paint.ts';
import { type Env, paymentProviderOf } from '../env.ts';

type Directives = Record<string, string[]>;

/**
 * The Content-Security-Policy. Scripts only from this origin (no 'unsafe-inline', two inline scripts by hash); styles allow inline
 * because @stitches/react injects its generated rules at run time. reCAPTCHA and Sentry are added to
 * the policy only when they are configured, and so is Stripe (Stripe.js, its Elements frames and its
 * API, issue 14, ADR 0112): only when the real Stripe is the payment provider.
 */
function cspDirectives(env: Env): Directives {
  // The inline scripts, allowed by their hashes: the first-paint script of the prerendered pages (ADR 0155),
  // every page's early start-up calls (ADR 0190) and the session frame's (ADR 0200).
  const scriptSrc = [
    "'self'",
    ...[FIRST_PAINT_SCRIPT, EARLY_SESSION_SCRIPT, SESSION_FRAME_SCRIPT].map(
      (script) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`,
    ),
  ];
  const frameSrc: string[] = [];
  const connectSrc = ["'self'"];
  if (env.RECAPTCHA_SITE_KEY) {
    scriptSrc.push('https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/');
    frameSrc.push('https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/');
  }
  if (env.SENTRY_DSN) connectSrc.push(new URL(env.SENTRY_DSN).origin);
  if (paymentProviderOf(env) === 'stripe') {
    scriptSrc.push('https://js.stripe.com', 'https://*.js.stripe.com');
    frameSrc.push('https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com');
    connectSrc.push('https://api.stripe.com');
  }
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
 * The options of helmet (ADR 0002) for this configuration. The server no longer runs helmet on each request
 * (issue 17: @fastify/helmet builds the whole middleware again for every request, the largest package in the
 * profile of a no-op call); `securityHeaders` writes out the same headers once, and a test checks them
 * against what @fastify/helmet sends with these options.
 */
export function helmetOptions(env: Env) {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(env) },
    hsts: env.NODE_ENV === 'production' ? { maxAge: 31536000, includeSubDomains: true } : (false as const),
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
    // Issue 10 item 11: DENY agrees with CSP frame-ancestors 'none' (SAMEORIGIN contradicted it).
    frameguard: { action: 'deny' as const },
  };
}

/** The security headers of every answer (ADR 0002): helmet's with `helmetOptions`, and the Permissions-Policy. */
export function securityHeaders(env: Env): Record<string, string> {
  const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  const csp = Object.entries(cspDirectives(env))
    .map(([name, values]) => [kebab(name), ...values].join(' '))
    .join(';');
  return {
    'Content-Security-Policy': csp,
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Origin-Agent-Cluster': '?1',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    ...(env.NODE_ENV === 'production'
      ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' }
      : {}),
    'X-Content-Type-Options': 'nosniff',
    'X-DNS-Prefetch-Control': 'off',
    'X-Download-Options': 'noopen',
    'X-Frame-Options': 'DENY',
    'X-Permitted-Cross-Domain-Policies': 'none',
    'X-XSS-Protection': '0',
    'Permissions-Policy': PERMISSIONS_POLICY,
  };
}

/**
 * The headers of an answer written without Fastify's hooks (HTTP-level errors: a bad request line,
 * over-long headers, a bad URL; issue 10 item 7): the same policy as every other answer, not stored.
 */
export function baseSecurityHeaders(env: Env): Record<string, string> {
  return { ...securityHeaders(env), 'Cache-Control': 'no-store' };
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

/**
 * Strict security headers on every answer (ADR 0002), computed once: one hook puts the same object on every
 * reply (a route may still set its own, e.g. the short links' Referrer-Policy). API answers are not stored.
 */
export async function installSecurityHeaders(app: FastifyInstance, env: Env): Promise<void> {
  const headers = securityHeaders(env);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isApiRequest(request)) reply.header('Cache-Control', 'no-store');
    done(null, payload);
  });
}
