import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { MESSAGES } from '../../../contracts/common.ts';
import { HttpError } from '../http-errors.ts';
import { isApiRequest } from './security.ts';

/**
 * CSRF protection by signed double submit (seed spec section 7: cookie XSRF-TOKEN, header X-XSRF-TOKEN).
 * The cookie is readable by scripts; an unsafe /api request must echo it in the header. The token is
 * signed with the app secret, so a cookie planted by a sibling domain is not accepted. 419 on mismatch.
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: the route takes unsafe requests without the double submit (a signed token in the URL stands in). */
    csrf?: false;
  }
}

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

export function installCsrf(app: FastifyInstance, opts: { secret: string; secure: boolean }): void {
  const key = createHmac('sha256', opts.secret).update('xsrf-token').digest();
  const sign = (nonce: string) => createHmac('sha256', key).update(nonce).digest('base64url');
  const issue = () => {
    const nonce = randomBytes(18).toString('base64url');
    return `${nonce}.${sign(nonce)}`;
  };
  const valid = (token: string | undefined): token is string => {
    if (!token) return false;
    const [nonce, mac] = token.split('.');
    if (!nonce || !mac) return false;
    const expected = Buffer.from(sign(nonce));
    const given = Buffer.from(mac);
    return expected.length === given.length && timingSafeEqual(expected, given);
  };

  const setCookie = (reply: FastifyReply) =>
    reply.setCookie(XSRF_COOKIE, issue(), {
      path: '/',
      sameSite: 'lax',
      secure: opts.secure,
      httpOnly: false,
    });

  // Issue 25 (14), ADR 0159: the page brings the cookie, so the first unsafe call of a fresh browser (the
  // first login) is not answered 419 and retried; the 419 path stays for a cookie that expired since.
  app.addHook('onSend', async (request, reply, payload) => {
    if (isApiRequest(request) || valid(request.cookies[XSRF_COOKIE])) return payload;
    if (reply.hasHeader('set-cookie') && String(reply.getHeader('set-cookie')).includes(`${XSRF_COOKIE}=`)) {
      return payload;
    }
    if (String(reply.getHeader('content-type') ?? '').startsWith('text/html')) setCookie(reply);
    return payload;
  });

  app.addHook('onRequest', async (request, reply) => {
    // NOTE: decided by the matched route, not the raw URL (issue 10 item 5: `/%61pi/…` is `/api/…`).
    if (!isApiRequest(request)) return;
    // A route another site posts by design (the one-click unsubscribe of RFC 8058) carries its own authority.
    if (request.routeOptions.config.csrf === false) return;
    const cookie = request.cookies[XSRF_COOKIE];
    if (!valid(cookie)) setCookie(reply);
    if (SAFE.has(request.method)) return;
    const header = request.headers[XSRF_HEADER];
    if (!valid(cookie) || typeof header !== 'string' || header !== cookie) {
      throw new HttpError(419, MESSAGES.csrf);
    }
  });
}
