import { createServer, type IncomingMessage, type Server } from 'node:http';
import { startMailCatcher } from '../../tests/support/mail.ts';
import { startSnsStandin, type StandinPost } from '../../server/platform/sns-standin.ts';
import { startLineStandin } from '../../server/platform/notify/line-standin.ts';
import { startPushStandin } from '../../server/platform/notify/push-standin.ts';
import { startOAuthProvider } from '../../tests/support/oauth.ts';
import { startRecaptchaServer } from '../../tests/support/recaptcha.ts';
import { parseMail, type ParsedMail } from './mime.ts';
import { E2E_RECAPTCHA } from './ports.ts';

/**
 * The outside world of the e2e server, on loopback, built from the same local servers as the
 * integration tests (tests/support): a real SMTP server keeping every mail, an endpoint answering
 * like Google's reCAPTCHA verify, and a real OAuth 2.0 / OpenID Connect provider. The product talks
 * to them over real sockets with its production code. A small HTTP "aux" server on a known port lets
 * the tests (other processes) read the mail and steer the provider.
 */

export interface CapturedMail extends ParsedMail {
  envelopeTo: string[];
}

export interface OAuthIdentity {
  sub: string;
  email?: string;
  name?: string;
  email_verified?: boolean;
}

/** What the provider does on the next authorisation: log someone in, refuse (user denied), or fail the code exchange. */
export type OAuthPlan = { identity: OAuthIdentity } | { error: string } | { tokenError: string };

export interface Fakes {
  /** Environment for the server under test. */
  env: Record<string, string>;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakes(auxPort: number): Promise<Fakes> {
  const mail = await startMailCatcher();
  const recaptcha = await startRecaptchaServer(E2E_RECAPTCHA.secret);
  recaptcha.validTokens.add(E2E_RECAPTCHA.token);
  const oauth = await startOAuthProvider();
  // Issue 23: the SNS platforms' oEmbed, as the server's real post checker asks it (SNS_OEMBED_URL).
  const sns = await startSnsStandin();
  // Issue 26: the LINE Messaging API and a push service, as the server's real LINE and push senders reach them.
  const line = await startLineStandin();
  const push = await startPushStandin();

  let denyNext: string | null = null;
  oauth.service.on('beforeAuthorizeRedirect', (redirect: { url: URL }) => {
    if (!denyNext) return;
    // What a provider does when the person presses "cancel": back to the app with an error, no code.
    redirect.url.searchParams.delete('code');
    redirect.url.searchParams.set('error', denyNext);
    denyNext = null;
  });
  const plan = (p: OAuthPlan) => {
    denyNext = null;
    if ('identity' in p) {
      const who = p.identity;
      // OIDC userinfo claims plus the `data` envelope of X's users/me, so every provider reads them.
      oauth.profile = {
        email_verified: true,
        ...who,
        data: { id: who.sub, name: who.name, username: who.sub },
      };
    } else if ('error' in p) denyNext = p.error;
    else oauth.failNextToken(p.tokenError);
  };

  const aux: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(body));
    };
    try {
      if (req.method === 'GET' && url.pathname === '/mail') {
        const to = url.searchParams.get('to')?.toLowerCase() ?? '';
        const list: CapturedMail[] = mail.messages
          .filter((m) => !to || m.to.includes(to))
          .map((m) => ({ ...parseMail(m.raw), envelopeTo: m.to }));
        return json(200, list);
      }
      // Issue 26: "SMTP down" for one address: refused (451) until turned off; GET says how often it was tried.
      if (url.pathname === '/mail/refuse') {
        if (req.method === 'POST') {
          const { address, on } = JSON.parse(await readBody(req)) as { address: string; on: boolean };
          if (on) mail.refused.set(address.toLowerCase(), 0);
          else mail.refused.delete(address.toLowerCase());
          return json(200, { ok: true });
        }
        return json(200, {
          refusals: mail.refused.get(url.searchParams.get('address')?.toLowerCase() ?? '') ?? 0,
        });
      }
      if (req.method === 'GET' && url.pathname === '/recaptcha/log') {
        return json(
          200,
          recaptcha.requests.map((r) => ({
            response: r.response ?? '',
            success: r.secret === E2E_RECAPTCHA.secret && recaptcha.validTokens.has(r.response ?? ''),
          })),
        );
      }
      if (req.method === 'POST' && url.pathname === '/sns/posts') {
        return json(201, { url: sns.publish(JSON.parse(await readBody(req)) as StandinPost) });
      }
      // Issue 26: what the LINE stand-in accepted; the push stand-in's subscriptions and decrypted pushes.
      if (req.method === 'GET' && url.pathname === '/line/sent') return json(200, line.sent);
      if (req.method === 'POST' && url.pathname === '/line/fail') {
        const { status, times } = JSON.parse(await readBody(req)) as { status: number; times?: number };
        line.failNext(status, times);
        return json(200, { ok: true });
      }
      if (req.method === 'POST' && url.pathname === '/push/subscriptions') {
        const { applicationServerKey } = JSON.parse(await readBody(req)) as { applicationServerKey: string };
        return json(201, push.subscribe(applicationServerKey));
      }
      if (req.method === 'GET' && url.pathname === '/push/messages') return json(200, push.messages);
      if (req.method === 'POST' && url.pathname === '/push/expire') {
        push.expire((JSON.parse(await readBody(req)) as { endpoint: string }).endpoint);
        return json(200, { ok: true });
      }
      if (req.method === 'POST' && url.pathname === '/oauth/plan') {
        plan(JSON.parse(await readBody(req)) as OAuthPlan);
        return json(200, { ok: true });
      }
      return json(404, { message: 'not found' });
    } catch (err) {
      return json(500, { message: String(err) });
    }
  });
  await new Promise<void>((resolve, reject) => {
    aux.once('error', reject);
    aux.listen(auxPort, '127.0.0.1', () => resolve());
  });

  return {
    env: {
      SMTP_URL: mail.smtpUrl,
      RECAPTCHA_SECRET: E2E_RECAPTCHA.secret,
      RECAPTCHA_SITE_KEY: E2E_RECAPTCHA.siteKey,
      RECAPTCHA_VERIFY_URL: recaptcha.url,
      SNS_OEMBED_URL: sns.url,
      LINE_MESSAGING_API_URL: line.url,
      PUSH_STANDIN_URL: push.url,
      ...oauth.envFor(),
    },
    async close() {
      await Promise.allSettled([
        new Promise<void>((r) => aux.close(() => r())),
        mail.stop(),
        recaptcha.stop(),
        oauth.stop(),
        sns.close(),
        line.close(),
        push.close(),
      ]);
    },
  };
}
