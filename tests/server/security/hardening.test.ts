import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../contracts/common.ts';
import { features } from '../../../server/features/index.ts';
import { buildApp } from '../../../server/platform/app.ts';
import { DEV_APP_SECRET, EnvError, loadEnv } from '../../../server/platform/env.ts';
import { findNul, TOO_DEEP } from '../../../server/platform/plugins/zod.ts';
import { PRODUCTION_SETTINGS, type TestApp, TEST_APP_SECRET, TestClient } from '../../support/app.ts';
import { DB_KINDS, openTestDatabase } from '../../support/db.ts';
import { createAccountsApp, JAPANESE, loginAs } from '../helpers.ts';

/** Issue 10 (penetration test of the accounts API): one describe per numbered item. */

const problemsOf = (source: Record<string, string>): string[] => {
  try {
    loadEnv(source);
    return [];
  } catch (err) {
    if (err instanceof EnvError) return err.problems;
    throw err;
  }
};

describe('issue 10 item 1: the development APP_SECRET is refused once the server is exposed, whatever NODE_ENV says', () => {
  const exposed: Record<string, string>[] = [
    { APP_URL: 'https://focustar.example' },
    { APP_URL: 'http://192.168.1.20:3000' },
    { LINE_CLIENT_ID: 'line', LINE_CLIENT_SECRET: 's' },
    { X_CLIENT_ID: 'x', X_CLIENT_SECRET: 's' },
    { GOOGLE_CLIENT_ID: 'g', GOOGLE_CLIENT_SECRET: 's' },
    { SMTP_URL: 'smtp://mail.example:587' },
    { RECAPTCHA_SECRET: 'r' },
  ];
  for (const nodeEnv of ['development', 'test', undefined]) {
    for (const extra of exposed) {
      it(`NODE_ENV=${nodeEnv ?? '(unset)'} with ${Object.keys(extra)[0]} and no APP_SECRET: refused, naming what to set`, () => {
        const problems = problemsOf({ ...(nodeEnv ? { NODE_ENV: nodeEnv } : {}), ...extra });
        const problem = problems.find((p) => p.startsWith('APP_SECRET'));
        expect(problem).toBeDefined();
        expect(problem).toContain(Object.keys(extra)[0]!);
        expect(problem).toMatch(/32文字以上のランダムな値を APP_SECRET に設定してください/);
        // The same with the development secret spelled out.
        expect(problemsOf({ ...extra, APP_SECRET: DEV_APP_SECRET }).join()).toMatch(/APP_SECRET/);
        // A real secret is enough.
        expect(problemsOf({ ...extra, APP_SECRET: TEST_APP_SECRET })).toEqual([]);
      });
    }
  }

  it('a loopback APP_URL without providers, SMTP or reCAPTCHA still starts with the development secret', () => {
    for (const url of [
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
      'http://app.localhost',
    ]) {
      expect(problemsOf({ APP_URL: url })).toEqual([]);
    }
    expect(problemsOf({})).toEqual([]);
  });
});

describe('issue 10 item 2: no environment logs a token; production requires SMTP_URL', () => {
  it('production without SMTP_URL is refused', () => {
    const { SMTP_URL: _left, ...withoutSmtp } = PRODUCTION_SETTINGS;
    const problems = problemsOf(withoutSmtp);
    expect(problems).toEqual([expect.stringMatching(/^SMTP_URL: 本番環境では必須です/)]);
  });

  describe('request logs', () => {
    const lines: string[] = [];
    let app: Awaited<ReturnType<typeof buildApp>>;
    let close: () => Promise<void>;
    beforeAll(async () => {
      const stream = new Writable({
        write(chunk, _enc, done) {
          lines.push(String(chunk));
          done();
        },
      });
      const database = await openTestDatabase('pglite');
      app = await buildApp({
        env: loadEnv({ NODE_ENV: 'development', APP_URL: 'http://localhost:3000', WORKERS: '0' }),
        database,
        features,
        version: 'test',
        logger: { level: 'info', stream },
      });
      close = async () => {
        await app.close();
        await database.close();
      };
    }, 180_000);
    afterAll(() => close());

    it('carry no reset token, signature or OAuth code from the URL', async () => {
      await app.inject({ url: '/forgot-password?token=SECRET-RESET-TOKEN&email=a%40example.com' });
      await app.inject({ url: '/api/email/verify?id=1&expires=1&signature=SECRET-SIGNATURE' });
      await app.inject({ url: '/api/oauth/line/callback?code=SECRET-CODE&state=SECRET-STATE' });
      const log = lines.join('');
      expect(log).toMatch(/forgot-password\?token=\[redacted\]/);
      expect(log).not.toMatch(/SECRET-|a%40example/);
    });
  });
});

describe('issue 10 item 4: TRUST_PROXY takes the proxy addresses, never "any"', () => {
  it('true is refused with what to set instead; addresses are accepted', () => {
    expect(problemsOf({ TRUST_PROXY: 'true' })).toEqual([
      expect.stringMatching(/^TRUST_PROXY: false、またはプロキシのアドレス/),
    ]);
    expect(loadEnv({ TRUST_PROXY: '10.0.0.1, 10.0.0.0/8' }).TRUST_PROXY).toBe('10.0.0.1,10.0.0.0/8');
    expect(loadEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadEnv({}).TRUST_PROXY).toBe(false);
    expect(problemsOf({ TRUST_PROXY: 'yes please' })).toHaveLength(1);
  });

  it('ADR 0210: a hop count is refused, in Japanese, with what to set instead', () => {
    // Fastify 5 trusts no one for a hop count: every client would have the proxy's address.
    for (const value of ['1', '2', '10']) {
      expect(problemsOf({ TRUST_PROXY: value }), value).toEqual([
        expect.stringMatching(/^TRUST_PROXY: 段数（例: 1）では指定できません。.*プロキシのアドレス/),
      ]);
    }
    expect(loadEnv({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
  });
});

for (const kind of DB_KINDS) {
  describe(`issue 10 items 4, 5, 6, 7, 11: request handling behind one proxy (TRUST_PROXY=10.0.0.0/8) [${kind}]`, () => {
    let t: TestApp;
    let base: string;
    beforeAll(async () => {
      t = await createAccountsApp(kind, { TRUST_PROXY: '10.0.0.0/8' });
      base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    }, 180_000);
    afterAll(() => t.close());

    it('item 4: a client rotating X-Forwarded-For is still throttled by the address the proxy saw', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) {
        const client = new TestClient(t.app);
        const res = await client.request({
          method: 'POST',
          url: '/api/login',
          payload: { email: 'fan3@example.com', password: `wrong-${i}` },
          remoteAddress: '10.0.0.1',
          // What the proxy forwards: whatever the client sent, then the address the proxy saw.
          headers: { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.7` },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([422, 422, 422, 422, 422, 429, 429]);
    });

    it('ADR 0210: two people behind the same proxy are two addresses (one is throttled, the other is not)', async () => {
      const attempt = async (client: string, i: number) => {
        const res = await new TestClient(t.app).request({
          method: 'POST',
          url: '/api/login',
          payload: { email: 'fan2@example.com', password: `wrong-${client}-${i}` },
          remoteAddress: '10.0.0.1',
          headers: { 'x-forwarded-for': client },
        });
        return res.statusCode;
      };
      const first: number[] = [];
      for (let i = 0; i < 6; i++) first.push(await attempt('198.51.100.20', i));
      expect(first.at(-1)).toBe(429);
      // Another person, through the same proxy: not held back by the first one's attempts.
      expect(await attempt('203.0.113.30', 0)).toBe(422);
    });

    it('item 5: an encoded /api path is an API call: CSRF applies, no-store and the version header are sent', async () => {
      const client = await loginAs(t, 'supporter@example.com');
      const flag = await t.app.inject({
        method: 'PUT',
        url: '/%61pi/users/flag-up',
        headers: { authorization: `Bearer ${client.token}`, 'content-type': 'application/json' },
        payload: { flag: 'watchedAdvertiserRule' },
      });
      expect(flag.statusCode).toBe(419);
      expect(flag.json()).toEqual({ message: MESSAGES.csrf });
      const me = await t.app.inject({
        url: '/%61pi/me',
        headers: { authorization: `Bearer ${client.token}` },
      });
      expect(me.statusCode).toBe(200);
      expect(me.headers['cache-control']).toBe('no-store');
      expect(me.headers['x-app-version']).toBe('0.0.0-test');
      const unknown = await t.app.inject({ url: '/%61pi/nothing-here' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.headers['cache-control']).toBe('no-store');
    });

    it('item 6: 7,000 levels of nested JSON answer 422 in Japanese (the NUL check walked them recursively: 500)', async () => {
      const client = new TestClient(t.app);
      for (const depth of [65, 7_000, 200_000]) {
        const res = await client.request({
          method: 'POST',
          url: '/api/login',
          payload: `{"email":"a@example.com","password":"x","deep":${'['.repeat(depth)}${']'.repeat(depth)}}`,
          headers: { 'content-type': 'application/json' },
        });
        expect(res.statusCode, `depth ${depth}`).toBe(422);
        expect(res.json().message).toBe(MESSAGES.tooDeep);
      }
      // 64 levels are still a normal request (the field is simply not part of the login).
      const ok = await client.request({
        method: 'POST',
        url: '/api/login',
        payload: `{"email":"a@example.com","password":"x","deep":${'['.repeat(62)}${']'.repeat(62)}}`,
        headers: { 'content-type': 'application/json' },
      });
      expect(ok.statusCode).toBe(422);
      expect(ok.json().errors).toHaveProperty('email');
      expect(findNul(JSON.parse('['.repeat(100_000) + ']'.repeat(100_000)))).toBe(TOO_DEEP);
    });

    /** Sends raw bytes and reads the whole answer (the server closes the connection). */
    const raw = (bytes: string) =>
      new Promise<{ status: number; headers: Record<string, string>; body: string }>((resolve, reject) => {
        const { port, hostname } = new URL(base);
        const socket = connect(Number(port), hostname, () => socket.end(bytes));
        const chunks: Buffer[] = [];
        socket.on('data', (c) => chunks.push(c));
        socket.on('error', reject);
        socket.on('close', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const [head = '', body = ''] = text.split('\r\n\r\n');
          const [statusLine = '', ...lines] = head.split('\r\n');
          const headers = Object.fromEntries(
            lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
          );
          resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
        });
      });

    const expectHardened = (res: { headers: Record<string, string>; body: string }) => {
      expect(JSON.parse(res.body).message).toMatch(JAPANESE);
      expect(res.body).not.toMatch(/Bad Request|error/);
      expect(res.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('no-store');
    };

    it('item 7: a bad request line, an unknown method, headers over 16 KiB and an over-long path answer Japanese with the security headers', async () => {
      const badLine = await raw('this is not http\r\n\r\n');
      expect(badLine.status).toBe(400);
      expectHardened(badLine);
      const method = await raw('BREW /api/me HTTP/1.1\r\nHost: x\r\n\r\n');
      expect(method.status).toBe(400);
      expectHardened(method);
      const headers = await raw(`GET /api/me HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
      expect(headers.status).toBe(431);
      expectHardened(headers);
      expect(JSON.parse(headers.body).message).toBe(MESSAGES.headersTooLarge);
      const longPath = await raw(
        `GET /api/profiles/${'a'.repeat(300)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
      );
      expect(longPath.status).toBe(414);
      expectHardened(longPath);
      const badUrl = await raw('GET /api/profiles/%E0%A4%A HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      expect(badUrl.status).toBe(400);
      expectHardened(badUrl);
    });

    it('item 11: X-Frame-Options is DENY, agreeing with CSP frame-ancestors none', async () => {
      for (const url of ['/api/health', '/login']) {
        const res = await t.app.inject({ url });
        expect(res.headers['x-frame-options']).toBe('DENY');
        expect(String(res.headers['content-security-policy'])).toMatch(/frame-ancestors 'none'/);
      }
    });
  });
}

describe('issue 10 item 10: source maps, the Vite manifest and the build stamp are not public', () => {
  let dir: string;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    // A served folder that still holds what a careless build would leave there: the server refuses
    // them anyway (the build itself moves them to `<outDir>-meta/`, checked by `npm run bench:bundle`).
    dir = mkdtempSync(join(tmpdir(), 'focustar-client-'));
    mkdirSync(join(dir, 'assets'));
    mkdirSync(join(dir, '.vite'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>focustar</title>');
    writeFileSync(join(dir, 'assets/app-abc.js'), 'console.log(1)');
    writeFileSync(join(dir, 'assets/app-abc.js.map'), '{"sources":["src/secret.ts"]}');
    writeFileSync(join(dir, '.vite/manifest.json'), '{"src/main.tsx":{}}');
    const database = await openTestDatabase('pglite');
    app = await buildApp({
      env: loadEnv({ NODE_ENV: 'test', APP_SECRET: TEST_APP_SECRET }),
      database,
      features,
      version: 'test',
      clientDir: dir,
      logger: false,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the script is served, its map and the manifest are not', async () => {
    expect((await app.inject({ url: '/assets/app-abc.js' })).statusCode).toBe(200);
    const map = await app.inject({ url: '/assets/app-abc.js.map' });
    expect(map.statusCode).toBe(404);
    expect(map.body).not.toContain('secret.ts');
    const manifest = await app.inject({ url: '/.vite/manifest.json' });
    expect(manifest.body).not.toContain('src/main.tsx');
  });
});
