import { createServer, type IncomingMessage, type Server } from 'node:http';
import { OAuth2Server } from 'oauth2-mock-server';
import { SMTPServer } from 'smtp-server';
import { parseMail, type ParsedMail } from './mime.ts';
import { E2E_RECAPTCHA, type StackPorts } from './ports.ts';

/**
 * The outside world of the e2e server, on loopback: an SMTP server that keeps every mail, Google's
 * reCAPTCHA verify endpoint (answering like Google does), and an OAuth 2.0 / OpenID Connect provider
 * (oauth2-mock-server). The product talks to them over real sockets with its production code; only the
 * far side is local. A small HTTP "aux" server lets the tests read the mail and steer the provider.
 */

export interface CapturedMail extends ParsedMail {
  envelopeTo: string[];
  receivedAt: string;
}

export interface OAuthIdentity {
  sub: string;
  email?: string;
  name?: string;
  email_verified?: boolean;
}

/** What the provider does on the next authorisation: log in as an identity, or answer with an error. */
export type OAuthPlan = { identity: OAuthIdentity } | { error: string };

export interface Fakes {
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakes(ports: StackPorts): Promise<Fakes> {
  const mails: CapturedMail[] = [];
  const recaptchaLog: { response: string; success: boolean }[] = [];
  let oauthPlan: OAuthPlan = { identity: { sub: 'e2e-default', email: 'oauth-default@example.com' } };

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const parsed = parseMail(Buffer.concat(chunks).toString('utf8'));
        mails.push({
          ...parsed,
          envelopeTo: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          receivedAt: new Date().toISOString(),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(ports.smtp, '127.0.0.1', () => resolve());
  });

  const oauth = new OAuth2Server();
  await oauth.issuer.keys.generate('RS256');
  const identity = () => ('identity' in oauthPlan ? oauthPlan.identity : null);
  oauth.service.on('beforeAuthorizeRedirect', (redirect: { url: URL }) => {
    if ('error' in oauthPlan) {
      redirect.url.searchParams.delete('code');
      redirect.url.searchParams.set('error', oauthPlan.error);
    }
  });
  oauth.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    const who = identity();
    if (who) Object.assign(token.payload, { email_verified: true, ...who });
  });
  oauth.service.on('beforeUserinfo', (res: { body: Record<string, unknown> }) => {
    const who = identity();
    // OIDC userinfo fields, plus the `data` envelope X's users/me answers with.
    if (who)
      res.body = { email_verified: true, ...who, data: { id: who.sub, name: who.name, username: who.sub } };
  });
  await oauth.start(ports.oauth, '127.0.0.1');

  const aux: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(body));
    };
    try {
      if (req.method === 'POST' && url.pathname === '/recaptcha/siteverify') {
        // Google's verify endpoint takes a form body (secret, response, remoteip).
        const form = new URLSearchParams(await readBody(req));
        const response = form.get('response') ?? '';
        const success =
          form.get('secret') === E2E_RECAPTCHA.secret && response.startsWith(E2E_RECAPTCHA.tokenPrefix);
        recaptchaLog.push({ response, success });
        return json(
          200,
          success
            ? { success: true, challenge_ts: new Date().toISOString(), hostname: '127.0.0.1' }
            : {
                success: false,
                'error-codes': [form.get('secret') ? 'invalid-input-response' : 'missing-input-secret'],
              },
        );
      }
      if (req.method === 'GET' && url.pathname === '/recaptcha/log') return json(200, recaptchaLog);
      if (req.method === 'GET' && url.pathname === '/mail') {
        const to = url.searchParams.get('to')?.toLowerCase();
        return json(200, to ? mails.filter((m) => m.envelopeTo.includes(to) || m.to.includes(to)) : mails);
      }
      if (req.method === 'POST' && url.pathname === '/oauth/plan') {
        oauthPlan = JSON.parse(await readBody(req)) as OAuthPlan;
        return json(200, { ok: true });
      }
      if (req.method === 'GET' && url.pathname === '/oauth/issuer')
        return json(200, { issuer: oauth.issuer.url });
      return json(404, { message: 'not found' });
    } catch (err) {
      return json(500, { message: String(err) });
    }
  });
  await new Promise<void>((resolve, reject) => {
    aux.once('error', reject);
    aux.listen(ports.aux, '127.0.0.1', () => resolve());
  });

  return {
    async close() {
      await Promise.allSettled([
        new Promise<void>((r) => aux.close(() => r())),
        new Promise<void>((r) => smtp.close(() => r())),
        oauth.stop(),
      ]);
    },
  };
}
