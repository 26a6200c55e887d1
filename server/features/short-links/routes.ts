import type { FastifyPluginAsync } from 'fastify';
import { deriveKey } from '../../platform/keys.ts';
import { recordClick, resolveShortLink } from '../../platform/short-links.ts';

/** The SPA's 「掲載は終了しました」 page (the same one an ended support request's links lead to). */
export const PERIOD_PATH = '/period';

const NOT_FOUND_HTML =
  '<!doctype html><html lang="ja"><meta charset="utf-8"><title>リンクが見つかりません | Focustar</title>' +
  '<p>このリンクは見つかりませんでした。URLをご確認ください。</p><p><a href="/">Focustarのトップへ</a></p></html>';

/**
 * `/s/{code}`: the tracking links of units (issue 13) and, later, the staff URL shortener. A browser link,
 * not an API call: no token, nothing but a 302 to the link's target (or a small 404 page). A failure while
 * counting never stops the redirect, and nothing here answers a 5xx.
 */
export const shortLinkRoutes: FastifyPluginAsync = async (app) => {
  const visitorKey = deriveKey(app.env.APP_SECRET, 'short-link-visitor');
  app.get<{ Params: { code: string } }>('/s/:code', { config: {} }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer');
    let link;
    try {
      link = await resolveShortLink(app.db, request.params.code);
    } catch (err) {
      request.log.error({ err }, 'short link lookup failed');
      return reply.redirect('/', 302);
    }
    if (!link) return reply.code(404).type('text/html; charset=utf-8').send(NOT_FOUND_HTML);
    // Issue 16: a link staff switched off leads to 「掲載は終了しました」 (the SPA's /period) and counts nothing.
    if (link.disabledAt) return reply.redirect(PERIOD_PATH, 302);
    try {
      await recordClick(
        app.db,
        link.id,
        { method: request.method, ip: request.ip, userAgent: request.headers['user-agent'], at: new Date() },
        visitorKey,
      );
    } catch (err) {
      request.log.error({ err, linkId: link.id }, 'click not recorded');
    }
    return reply.redirect(link.targetUrl, 302);
  });
};
