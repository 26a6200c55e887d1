import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { features } from '../../server/features/index.ts';
import { buildApp } from '../../server/platform/app.ts';
import { seedDemoData } from '../../server/seed/demo.ts';
import { loadEnv } from '../../server/platform/env.ts';
import { providerConfigs } from '../../server/platform/oauth.ts';
import { TestClient } from '../support/app.ts';
import { openTestDatabase } from '../support/db.ts';

describe('account configuration (issue 5)', () => {
  it('a social provider is enabled only when its client id and secret are set; endpoints default to the real ones', () => {
    expect(Object.keys(providerConfigs(loadEnv({})))).toEqual([]);
    expect(
      Object.keys(providerConfigs(loadEnv({ LINE_CLIENT_ID: 'a', APP_SECRET: 'x'.repeat(40) }))),
    ).toEqual([]);
    const env = loadEnv({
      APP_SECRET: 'x'.repeat(40),
      LINE_CLIENT_ID: 'a',
      LINE_CLIENT_SECRET: 'b',
      GOOGLE_CLIENT_ID: 'c',
      GOOGLE_CLIENT_SECRET: 'd',
    });
    const configs = providerConfigs(env);
    expect(Object.keys(configs)).toEqual(['line', 'google']);
    expect(configs.line?.authorizeUrl).toBe('https://access.line.me/oauth2/v2.1/authorize');
    expect(configs.google?.tokenUrl).toBe('https://oauth2.googleapis.com/token');
    expect(loadEnv({ X_TOKEN_URL: '' }).X_TOKEN_URL).toBe('https://api.x.com/2/oauth2/token');
    expect(() => loadEnv({ X_TOKEN_URL: 'not a url' })).toThrow(/X_TOKEN_URL/);
  });

  describe('without RECAPTCHA_SECRET and SMTP_URL (development)', () => {
    const lines: Record<string, unknown>[] = [];
    let close: () => Promise<void>;
    let app: Awaited<ReturnType<typeof buildApp>>;
    let dataDir: string;
    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'focustar-mail-'));
      const stream = new Writable({
        write(chunk, _enc, done) {
          for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
          done();
        },
      });
      const database = await openTestDatabase('pglite');
      await seedDemoData(database.db);
      app = await buildApp({
        env: loadEnv({ NODE_ENV: 'development', DATA_DIR: dataDir, APP_URL: 'http://localhost:3000' }),
        database,
        features,
        version: 'test',
        logger: { level: 'info', stream },
      });
      await app.ready();
      close = async () => {
        await app.close();
        await database.close();
      };
    });
    afterAll(() => close());

    it('logs at start-up that reCAPTCHA verification is off', () => {
      expect(lines.some((l) => /reCAPTCHA verification is off/.test(String(l.msg)))).toBe(true);
    });

    it('writes mail to DATA_DIR/mail as .eml files and logs the kind, never the link (issue 10 item 2) nor the recipient (issue 17)', async () => {
      const client = new TestClient(app);
      const res = await client.post('/api/password/email', { email: 'supporter@example.com' });
      expect(res.statusCode).toBe(200);
      const deadline = Date.now() + 5000;
      let files: string[] = [];
      while (Date.now() < deadline && !files.length) {
        await new Promise((r) => setTimeout(r, 50));
        try {
          files = readdirSync(join(dataDir, 'mail'));
        } catch {
          files = [];
        }
      }
      expect(files).toHaveLength(1);
      const eml = readFileSync(join(dataDir, 'mail', files[0]!), 'utf8');
      expect(eml).toMatch(/^To: supporter@example.com$/m);
      expect(eml).toMatch(/Subject: =\?UTF-8\?/i);
      const logged = lines.find((l) => l.msg === 'development mail written');
      expect(logged).toMatchObject({ kind: 'password-reset' });
      expect(logged).not.toHaveProperty('to');
      expect(JSON.stringify(lines)).not.toMatch(/token=|signature=|supporter@example\.com/);
    });
  });
});
