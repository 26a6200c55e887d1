import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small HTTP server answering like Google's reCAPTCHA siteverify endpoint: a POSTed form with
 * `secret` and `response`; `success` is true only for the secret it was started with and a response
 * token listed in `validTokens` (default: `test-pass`).
 */
export interface RecaptchaServer {
  url: string;
  port: number;
  secret: string;
  validTokens: Set<string>;
  /** Every form received, for assertions on what the app sent. */
  requests: Record<string, string>[];
  stop(): Promise<void>;
}

export const RECAPTCHA_PASS = 'test-pass';

export async function startRecaptchaServer(secret = 'test-recaptcha-secret'): Promise<RecaptchaServer> {
  const validTokens = new Set([RECAPTCHA_PASS]);
  const requests: Record<string, string>[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      requests.push(form);
      const ok = req.method === 'POST' && form.secret === secret && validTokens.has(form.response ?? '');
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify(
          ok
            ? { success: true, challenge_ts: new Date().toISOString(), hostname: 'localhost' }
            : {
                success: false,
                'error-codes': [form.secret === secret ? 'invalid-input-response' : 'invalid-input-secret'],
              },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/recaptcha/api/siteverify`,
    port,
    secret,
    validTokens,
    requests,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
