import type { FastifyInstance } from 'fastify';
import type { ChannelSender } from './channel.ts';
import { createLineSender } from './line.ts';
import { type LineStandin, STANDIN_LINE_TOKEN, startLineStandin } from './line-standin.ts';
import { registerChannelSender } from './outbox.ts';
import { createPushSender, vapidKeysOf, type VapidKeys } from './push.ts';
import { type PushStandin, startPushStandin } from './push-standin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Issue 26 part 2: the senders of the LINE and push channels (null when the channel is off: production
     * without LINE_CHANNEL_ACCESS_TOKEN / VAPID keys). The outbox registers them (registerChannelSender).
     */
    notifyChannels: { line: ChannelSender | null; push: ChannelSender | null };
    /** The VAPID public key browsers subscribe with (null: push is off). */
    vapidPublicKey: string | null;
    /** The in-process stand-ins outside production (null when a running one is named, or in production). */
    lineStandin: LineStandin | null;
    pushStandin: PushStandin | null;
    /** Where the push-service stand-in is (in-process or PUSH_STANDIN_URL); null in production. */
    pushStandinUrl: string | null;
  }
}

/**
 * The LINE and Web Push channels (issue 26 "Channels"), as the post checker does for oEmbed (ADR 0162): the
 * real clients everywhere; production talks to LINE and the browsers' push services, development and tests to
 * local stand-ins (started here on loopback unless LINE_MESSAGING_API_URL / PUSH_STANDIN_URL name running
 * ones, as the e2e stack does).
 */
export async function installNotifyChannels(app: FastifyInstance): Promise<void> {
  const { env } = app;
  const production = env.NODE_ENV === 'production';
  const appUrl = env.APP_URL ?? `http://localhost:${env.PORT}`;

  let lineStandin: LineStandin | null = null;
  let lineApi = env.LINE_MESSAGING_API_URL;
  let lineToken = env.LINE_CHANNEL_ACCESS_TOKEN;
  if (!production && !lineToken) {
    if (!lineApi) {
      lineStandin = await startLineStandin();
      lineApi = lineStandin.url;
      app.addHook('onClose', () => lineStandin!.close());
      if (env.NODE_ENV === 'development')
        app.log.info(`LINE Messaging API stand-in: ${lineStandin.url}/__sent`);
    }
    lineToken = STANDIN_LINE_TOKEN;
  }
  const line = lineToken
    ? createLineSender({ apiUrl: lineApi ?? 'https://api.line.me', token: lineToken, appUrl, log: app.log })
    : null;

  let pushStandin: PushStandin | null = null;
  let pushStandinUrl = production ? null : (env.PUSH_STANDIN_URL ?? null);
  if (!production && !pushStandinUrl) {
    pushStandin = await startPushStandin();
    pushStandinUrl = pushStandin.url;
    app.addHook('onClose', () => pushStandin!.close());
    if (env.NODE_ENV === 'development') app.log.info(`push service stand-in: ${pushStandin.url}/__messages`);
  }
  const vapid: VapidKeys | null = vapidKeysOf(env);
  const push = vapid ? createPushSender({ vapid, appUrl, log: app.log }) : null;

  app.decorate('notifyChannels', { line, push });
  // The outbox's worker hands LINE and push deliveries to these (server/platform/notify/channel.ts).
  if (line) registerChannelSender(app, line);
  if (push) registerChannelSender(app, push);
  app.decorate('vapidPublicKey', vapid?.publicKey ?? null);
  app.decorate('lineStandin', lineStandin);
  app.decorate('pushStandin', pushStandin);
  app.decorate('pushStandinUrl', pushStandinUrl);
}

/** The push services browsers subscribe with (Chrome/Edge, Firefox, Safari, Windows); no other host is pushed to. */
const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  'push.services.mozilla.com',
  'web.push.apple.com',
  'notify.windows.com',
];

/**
 * Whether the server may push to `endpoint` (a subscription's address, sent by the browser): https on a known
 * push service, or the push-service stand-in outside production. Anything else would let a request make the
 * server post to an address of the requester's choosing.
 */
export function allowedPushEndpoint(endpoint: string, standinUrl: string | null): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (standinUrl && url.origin === new URL(standinUrl).origin && url.pathname.startsWith('/push/'))
    return true;
  if (url.protocol !== 'https:' || url.username || url.password || (url.port && url.port !== '443'))
    return false;
  const host = url.hostname.toLowerCase();
  return PUSH_SERVICE_HOSTS.some((h) => host === h || host.endsWith(`.${h}`));
}
