import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READY_MESSAGES } from '../../contracts/system.ts';
import { createTestApp, type TestApp, TestClient } from '../support/app.ts';
import { createMember } from './ops-fixtures.ts';

/**
 * Issue 29 "Degrading instead of stopping": with REDIS_URL pointing at a closed port, the app starts, the
 * throttles count in this process (a login with the right password works, a budget still holds), a
 * warning is logged once, the metrics show it and /api/ready answers 503.
 */
const TOKEN = 'metrics-token-for-tests-0123456789';
const PASSWORD = 'correct-horse-battery-29';

describe('issue 29 Degrading: Redis unreachable', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { REDIS_URL: 'redis://127.0.0.1:1', METRICS_TOKEN: TOKEN });
    await createMember(t, 'degrade-member@example.com', PASSWORD);
    await createMember(t, 'degrade-other@example.com', PASSWORD);
  });
  afterAll(() => t.close());

  const login = (email: string, password: string, ip: string) =>
    new TestClient(t.app).request({
      method: 'POST',
      url: '/api/login',
      payload: { email, password },
      remoteAddress: ip,
    });

  it('issue 29 Degrading: a login with the right password logs in while Redis does not answer', async () => {
    expect(t.app.counters.kind).toBe('redis');
    expect(t.app.counters.degraded).toBe(true);
    const res = await login('degrade-member@example.com', PASSWORD, '10.29.1.1');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().access_token).toEqual(expect.any(String));
  });

  it('issue 29 Degrading: the login budget still holds in this process (5 failures, then 429)', async () => {
    for (let i = 0; i < 5; i += 1) {
      expect((await login('degrade-other@example.com', 'wrong-password', '10.29.1.2')).statusCode).toBe(422);
    }
    const refused = await login('degrade-other@example.com', PASSWORD, '10.29.1.2');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is another budget.
    expect((await login('degrade-other@example.com', PASSWORD, '10.29.1.3')).statusCode).toBe(200);
  });

  it('issue 29 Degrading: /api/ready is 503 naming Redis, /api/health stays 200', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().message).toContain(READY_MESSAGES.redis);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('issue 29 Degrading: the metrics show the fallback', async () => {
    await login('degrade-member@example.com', PASSWORD, '10.29.1.4');
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.body).toMatch(/^focustar_throttle_degraded 1$/m);
    const fallbacks = Number(/^focustar_throttle_fallbacks_total (\d+)$/m.exec(res.body)?.[1]);
    expect(fallbacks).toBeGreaterThan(0);
  });
});

describe('issue 29 Degrading: the warning', () => {
  it('issue 29 Degrading: one warning when Redis does not answer, not one per attempt or request', async () => {
    const lines: { level: number; msg: string }[] = [];
    const { Writable } = await import('node:stream');
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const { buildApp } = await import('../../server/platform/app.ts');
    const { features } = await import('../../server/features/index.ts');
    const { loadEnv } = await import('../../server/platform/env.ts');
    const { openTestDatabase } = await import('../support/db.ts');
    const database = await openTestDatabase('pglite');
    const app = await buildApp({
      env: loadEnv({ NODE_ENV: 'test', APP_SECRET: 'x'.repeat(40), REDIS_URL: 'redis://127.0.0.1:1' }),
      database,
      features,
      version: 'test',
      logger: { level: 'info', stream },
    });
    try {
      await app.ready();
      for (let i = 0; i < 3; i += 1) {
        await new TestClient(app).post('/api/login', { email: 'nobody@example.com', password: 'x' });
      }
      await new Promise((resolve) => setTimeout(resolve, 600)); // a few reconnection attempts
      const warned = lines.filter((l) => l.msg.startsWith('Redis does not answer'));
      expect(warned).toHaveLength(1);
      expect(warned[0]!.level).toBe(40);
      expect(lines.filter((l) => l.msg === 'throttle store error')).toEqual([]);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
