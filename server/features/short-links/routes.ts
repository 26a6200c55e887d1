import type { FastifyPluginAsync } from 'fastify';
import { deviceIdOf } from '../../platform/device.ts';
import { clientIpReader } from '../../platform/front-door.ts';
import { LinkChangeFeed } from '../../platform/link-changes.ts';
import { securityHeaders } from '../../platform/plugins/security.ts';
import { ShortLinkResolver } from '../../platform/short-links.ts';
import { clickDoor } from './click-door.ts';

/** The route of a link's click (also its label in the request metric). */
const CLICK_ROUTE = '/s/:code';

/** The SPA's 「掲載は終了しました」 page (the same one an ended support request's links lead to). */
export const PERIOD_PATH = '/period';

const NOT_FOUND_HTML =
  '<!doctype html><html lang="ja"><meta charset="utf-8"><title>リンクが見つかりません | Focustar</title>' +
  '<p>このリンクは見つかりませんでした。URLをご確認ください。</p><p><a href="/">Focustarのトップへ</a></p></html>';

/**
 * `/s/{code}`: the tracking links of units (issue 13) and the staff URL shortener. A browser link, not an
 * API call: no token, nothing but a 302 to the link's target (or a small 404 page). The click is handed to
 * the process's click recorder (setup.ts) and written after the answer (issue 17, ADR 0151); the link is
 * read from memory when it was read in the last few seconds (ADR 0152). A failure while counting never
 * stops the redirect, and nothing here answers a 5xx.
 */
export const shortLinkRoutes: FastifyPluginAsync = async (app) => {
  const clicks = app.shortLinkClicks;
  // Links found are remembered (ADR 0152): on PostgreSQL until a change of a link is told by NOTIFY (a
  // minute at most), on PGlite (one process) a few seconds.
  const url = app.database.connectionString;
  const changes = url
    ? new LinkChangeFeed(url, (err) => app.log.warn({ err }, 'short link change feed lost; reconnecting'))
    : null;
  if (changes) await changes.start();
  const links = new ShortLinkResolver(app.db, changes ? { changes } : {});
  app.addHook('onClose', async () => {
    links.close();
    await changes?.close();
  });
  // Issue 29 (ADR 0209): a click on a remembered link is answered in front of the framework, as below. Not
  // while requests are traced: each click then has its span, through the route.
  if (!app.env.OTEL_EXPORTER_OTLP_ENDPOINT) {
    const metricsOn = !!app.env.METRICS_TOKEN;
    app.frontDoor.add(
      clickDoor({
        links,
        clicks,
        securityHeaders: securityHeaders(app.env),
        clientIp: clientIpReader(app.env.TRUST_PROXY as boolean | string),
        parseCookie: (header) => app.parseCookie(header),
        observe: metricsOn
          ? (status, seconds) =>
              app.metrics.http.observe({ method: 'GET', route: CLICK_ROUTE, status: String(status) }, seconds)
          : undefined,
      }),
    );
  }
  app.get<{ Params: { code: string } }>(CLICK_ROUTE, { config: {} }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer');
    let link;
    try {
      link = await links.resolve(request.params.code);
    } catch (err) {
      request.log.error({ err }, 'short link lookup failed');
      return reply.redirect('/', 302);
    }
    if (!link) return reply.code(404).type('text/html; charset=utf-8').send(NOT_FOUND_HTML);
    // Issue 16: a link staff switched off leads to 「掲載は終了しました」 (the SPA's /period) and counts nothing.
    if (link.disabled) return reply.redirect(PERIOD_PATH, 302);
    try {
      clicks.record(link.id, {
        method: request.method,
        ip: request.clientIp,
        userAgent: request.headers['user-agent'],
        // Issue 27: only the referrer's platform is kept (the roll-up of the results).
        referrer: request.headers.referer,
        // Issue 24 pentest 5: one device is one visitor, whatever network it comes from. Read, not set: a
        // cookie per first click would cost every redirect a Set-Cookie and a second visitor row.
        deviceId: deviceIdOf(request),
        at: new Date(),
      });
    } catch (err) {
      request.log.error({ err, linkId: link.id }, 'click not recorded');
    }
    return reply.redirect(link.targetUrl, 302);
  });
};
