import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../contracts/common.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from '../../server/seed/demo.ts';
import { EnvError, LEGAL_KEYS, loadEnv } from '../../server/platform/env.ts';
import { verifyPassword } from '../../server/features/accounts/passwords.ts';
import {
  createTestApp,
  PRODUCTION_SETTINGS,
  TEST_VERSION,
  TestClient,
  type TestApp,
} from '../support/app.ts';
import { DB_KINDS } from '../support/db.ts';

describe('configuration (foundation issue: env validated at start-up)', () => {
  it('lists every problem at once', () => {
    try {
      loadEnv({ PORT: 'abc', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(EnvError);
      const problems = (err as EnvError).problems.join('\n');
      expect(problems).toMatch(/PORT/);
      expect(problems).toMatch(/DATABASE_URL/);
      expect(problems).toMatch(/LOG_LEVEL/);
    }
  });

  it('refuses development secrets in production', () => {
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(
      /APP_SECRET[\s\S]*RECAPTCHA_SECRET[\s\S]*APP_URL/,
    );
    expect(() => loadEnv(PRODUCTION_SETTINGS)).not.toThrow();
  });

  it('production requires the seller particulars of the 特定商取引法 page (issue 14: LEGAL_*)', () => {
    for (const key of LEGAL_KEYS) {
      const { [key]: _left, ...without } = PRODUCTION_SETTINGS;
      expect(() => loadEnv(without)).toThrow(new RegExp(`${key}: 本番環境では必須です`));
    }
  });

  it('defaults to the embedded database on port 3000', () => {
    const env = loadEnv({});
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.PORT).toBe(3000);
    expect(env.APP_URL).toBe('http://localhost:3000');
  });
});

for (const kind of DB_KINDS) {
  describe(`API foundation [${kind}]`, () => {
    let t: TestApp;
    let client: TestClient;
    let clientDir: string;
    beforeAll(async () => {
      clientDir = mkdtempSync(join(tmpdir(), 'focustar-client-'));
      mkdirSync(join(clientDir, 'assets'));
      writeFileSync(join(clientDir, 'index.html'), '<!doctype html><div id="root"></div>');
      writeFileSync(join(clientDir, 'assets', 'app-abc.js'), 'console.log(1)');
      t = await createTestApp(kind, {}, { clientDir });
      client = new TestClient(t.app);
    });
    afterAll(() => t.close());

    it(`health answers ok and really reads the ${kind} database`, async () => {
      const res = await client.get('/api/health');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
      const rows = await t.database.db.execute(sql`select count(*)::int as n from roles`);
      expect(t.database.kind).toBe(kind);
      expect(JSON.stringify(rows)).toMatch(/"n":3/);
    });

    it('every /api answer carries X-App-Version and no-store (seed spec section 4)', async () => {
      for (const url of ['/api/health', '/api/version', '/api/nope']) {
        const res = await client.get(url);
        expect(res.headers['x-app-version']).toBe(TEST_VERSION);
        expect(res.headers['cache-control']).toBe('no-store');
      }
    });

    it('unknown /api paths answer a JSON 404 in Japanese', async () => {
      const res = await client.get('/api/does-not-exist');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: MESSAGES.notFound });
    });

    it('serves the SPA with a history fallback for client routes like /{screen_name}', async () => {
      for (const url of ['/', '/demo-cafe', '/recruitments/12?x=1']) {
        const res = await client.get(url);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toMatch(/text\/html/);
        expect(res.body).toContain('id="root"');
      }
      const asset = await client.get('/assets/app-abc.js');
      expect(asset.headers['cache-control']).toMatch(/immutable/);
      expect((await client.get('/assets/missing.js')).statusCode).toBe(404);
    });

    it('sends strict security headers', async () => {
      const res = await client.get('/');
      const csp = String(res.headers['content-security-policy']);
      // Three inline scripts allowed by their hashes: the first-paint script (ADR 0155), the signed-in
      // start-up (ADR 0190) and the session frame's (ADR 0200); nothing else inline.
      expect(csp).toMatch(/script-src 'self'(?: 'sha256-[A-Za-z0-9+/=]+'){3}(;|$)/);
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toMatch(/frame-ancestors 'none'/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['strict-transport-security']).toBeUndefined(); // production only
    });

    it('unsafe /api calls without the XSRF header answer 419 (seed spec section 7)', async () => {
      const bare = await t.app.inject({ method: 'POST', url: '/api/health' });
      expect(bare.statusCode).toBe(419);
      expect(bare.json()).toEqual({ message: MESSAGES.csrf });
      const cookie = bare.cookies.find((c) => c.name === 'XSRF-TOKEN');
      expect(cookie?.httpOnly).toBeFalsy();
      const forged = await t.app.inject({
        method: 'POST',
        url: '/api/health',
        headers: { cookie: 'XSRF-TOKEN=abc.def', 'x-xsrf-token': 'abc.def' },
      });
      expect(forged.statusCode).toBe(419);
      // With a matching signed token the request reaches routing: POST /api/health has no route.
      const ok = await client.post('/api/health', {});
      expect(ok.statusCode).toBe(404);
    });

    it('malformed JSON is a 4xx with a Japanese message, never a 5xx', async () => {
      const res = await client.request({
        method: 'POST',
        url: '/api/health',
        payload: '{"a":',
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().message).toMatch(/[ぁ-んァ-ヶ一-龠]/);
    });

    it('bad percent-encoding and over-long path segments get the Japanese envelope, never a 5xx', async () => {
      const bad = await client.get('/api/shops/%');
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ message: MESSAGES.badUrl });
      expect(bad.headers['x-app-version']).toBe(TEST_VERSION);
      const long = await client.get(`/api/shops/${'9'.repeat(250)}`);
      expect(long.statusCode).toBe(414);
      expect(long.json()).toEqual({ message: MESSAGES.uriTooLong });
    });

    it('seeds the demo accounts once, with argon2id and verified e-mail', async () => {
      expect(await seedDemoData(t.database.db)).toBe(true);
      expect(await seedDemoData(t.database.db)).toBe(false);
      const rows = (await t.database.db.query.users.findMany()).filter((u) => u.email);
      expect(rows.map((u) => u.email).sort()).toEqual(DEMO_ACCOUNTS.map((a) => a.email).sort());
      expect(rows.every((u) => u.emailVerifiedAt && u.passwordHash?.startsWith('$argon2id$'))).toBe(true);
      expect(await verifyPassword(rows[0]!.passwordHash, DEMO_PASSWORD)).toBe(true);
      const shop = await t.database.db.query.shops.findFirst({ where: (s, { eq }) => eq(s.id, 1) });
      expect(shop).toMatchObject({ screenName: 'demo-cafe', status: '公開中' });
      const company = await t.database.db.query.companies.findFirst({
        where: (c, { eq }) => eq(c.id, shop!.companyId),
      });
      expect(company?.paidStatus).toBe('利用可能（取引あり）');
    });
  });
}

describe('NUL characters (seed spec section 5: bad input is a 422, never a 5xx)', () => {
  it('finds a NUL in nested strings and keys, and nothing in clean data', async () => {
    const { findNul } = await import('../../server/platform/plugins/zod.ts');
    expect(findNul({ email: 'a\u0000' })).toEqual(['email']);
    expect(findNul({ a: [{ b: 'ok' }, { c: 'x\u0000y' }] })).toEqual(['a', 1, 'c']);
    expect(findNul({ 'k\u0000': 1 })).toEqual(['k\u0000']);
    expect(findNul({ email: 'a@example.com', n: 1, list: ['x'] })).toBeNull();
  });
});
