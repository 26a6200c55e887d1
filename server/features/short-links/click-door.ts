import type { IncomingMessage } from 'node:http';
import { deviceIdIn } from '../../platform/device.ts';
import type { FrontDoorHandler } from '../../platform/front-door.ts';
import { REQUEST_ID_HEADER, requestIdFrom } from '../../platform/logging.ts';
import type { ClickRecorder, ShortLinkResolver } from '../../platform/short-links.ts';

/** What the front door's click needs of the app (routes.ts hands it over). */
export interface ClickDoorParts {
  links: ShortLinkResolver;
  clicks: ClickRecorder;
  /** The security headers of every answer (server/platform/plugins/security.ts `securityHeaders`). */
  securityHeaders: Readonly<Record<string, string>>;
  /** The client's address as `request.ip` reads it (TRUST_PROXY). */
  clientIp: (req: IncomingMessage) => string;
  /** The Cookie header parsed as the cookie plugin parses it. */
  parseCookie: (header: string) => Record<string, string | undefined>;
  /** The request duration metric, when /metrics is on. */
  observe?: ((status: number, seconds: number) => void) | undefined;
}

/** `/s/{code}` and nothing else: a query, a trailing slash or an encoded character goes to the route. */
const CLICK_PATH = /^\/s\/([A-Za-z0-9]{8,32})$/;
/** A target written into Location as it is: printable ASCII only (the route handles anything else). */
const PLAIN_TARGET = /^[\x21-\x7e]+$/;

/**
 * Issue 29 "A viral link" (ADR 0209): the click of a link this process remembers, answered in front of
 * Fastify with exactly what the route (routes.ts) answers: the same 302, Location and headers, the visit
 * handed to the same click recorder. Everything else goes to the route: a HEAD, a link not remembered (the
 * route reads it, and the next click is answered here), a link switched off, an unknown code. What it skips
 * is the framework's request cycle (hooks, reply object, the two log lines of each request), two thirds of a
 * click's CPU in `npm run bench:api`; the clicks answered here are counted by the request metric as the
 * route's are, and written to no log line.
 */
export function clickDoor(parts: ClickDoorParts): FrontDoorHandler {
  const fixed: Record<string, string> = {};
  for (const [name, value] of Object.entries(parts.securityHeaders)) fixed[name.toLowerCase()] = value;
  // routes.ts: the redirect is never stored and sends no referrer on.
  fixed['cache-control'] = 'no-store';
  fixed['referrer-policy'] = 'no-referrer';
  return (req, res) => {
    if (req.method !== 'GET') return false;
    const code = CLICK_PATH.exec(req.url ?? '')?.[1];
    const link = code === undefined ? undefined : parts.links.remembered(code);
    if (!link || link.disabled || !PLAIN_TARGET.test(link.targetUrl)) return false;
    const started = parts.observe ? performance.now() : 0;
    const cookie = req.headers.cookie;
    try {
      parts.clicks.record(link.id, {
        method: 'GET',
        ip: parts.clientIp(req),
        userAgent: req.headers['user-agent'],
        referrer: req.headers.referer,
        deviceId: cookie ? deviceIdIn(parts.parseCookie(cookie)) : null,
        at: new Date(),
      });
    } catch {
      // Nothing was buffered: the route records it (or logs why it cannot) and answers.
      return false;
    }
    res.writeHead(302, {
      ...fixed,
      [REQUEST_ID_HEADER]: requestIdFrom(req.headers[REQUEST_ID_HEADER]),
      location: link.targetUrl,
      'content-length': '0',
    });
    res.end();
    parts.observe?.(302, (performance.now() - started) / 1000);
    return true;
  };
}
