import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { features } from '../../../server/features/index.ts';
import { buildApp } from '../../../server/platform/app.ts';
import { loadEnv } from '../../../server/platform/env.ts';
import { TEST_APP_SECRET } from '../../support/app.ts';
import { openTestDatabase } from '../../support/db.ts';

/** Issue 25 (14), ADR 0159: the page brings the XSRF cookie, so the first login is not answered 419. */
describe('issue 25 (14): the XSRF cookie comes with the page', () => {
  let root: string;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'focustar-xsrf-'));
    const client = join(root, 'client');
    mkdirSync(join(client, 'assets'), { recursive: true });
    writeFileSync(
      join(client, 'index.html'),
      '<!doctype html><html><body><div id="root"></div></body></html>',
    );
    writeFileSync(join(client, 'assets', 'app.js'), 'console.log(1)');
    app = await buildApp({
      env: loadEnv({ NODE_ENV: 'test', APP_SECRET: TEST_APP_SECRET }),
      database: await openTestDatabase('pglite'),
      features,
      version: 'test',
      clientDir: client,
      logger: false,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  const xsrfOf = (setCookie: string | string[] | undefined) =>
    [setCookie ?? []].flat().find((c) => c.startsWith('XSRF-TOKEN='));

  it('issue 25 (14): a page answer sets XSRF-TOKEN, and a POST with it passes the CSRF check', async () => {
    const page = await app.inject({ url: '/login' });
    expect(page.statusCode).toBe(200);
    const cookie = xsrfOf(page.headers['set-cookie']);
    expect(cookie).toMatch(/^XSRF-TOKEN=[^;]+; Path=\//);
    const value = decodeURIComponent(cookie!.split(';')[0]!.slice('XSRF-TOKEN='.length));
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { cookie: `XSRF-TOKEN=${encodeURIComponent(value)}`, 'x-xsrf-token': value },
      payload: { email: 'nobody@example.com', password: 'wrong-password-123' },
    });
    expect(login.statusCode).not.toBe(419);
  });

  it('issue 25 (14): a page with a valid cookie does not replace it; assets never set one', async () => {
    const first = await app.inject({ url: '/' });
    const value = xsrfOf(first.headers['set-cookie'])!.split(';')[0]!;
    const again = await app.inject({ url: '/register', headers: { cookie: value } });
    expect(xsrfOf(again.headers['set-cookie'])).toBeUndefined();
    const asset = await app.inject({ url: '/assets/app.js' });
    expect(xsrfOf(asset.headers['set-cookie'])).toBeUndefined();
  });
});
