import { Writable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { features } from '../../server/features/index.ts';
import { buildApp } from '../../server/platform/app.ts';
import { loadEnv } from '../../server/platform/env.ts';
import type { Feature } from '../../server/platform/feature.ts';
import { createTestApp, PRODUCTION_SETTINGS, type TestApp } from '../support/app.ts';
import { openTestDatabase } from '../support/db.ts';

/**
 * ADR 0006: answers are checked against their declared response schema (a leaked field fails outside
 * production, and is stripped in production), and the OpenAPI document lists every route.
 */
const leakyRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/api/leaky',
    {
      config: { access: 'public' },
      schema: { response: { 200: z.object({ id: z.number(), profile: z.object({ name: z.string() }) }) } },
    },
    async () => ({ id: 1, profile: { name: '山田', password_hash: '$argon2id$…' }, email: 'x@example.com' }),
  );
};
const leaky: Feature = { name: 'leaky', routes: leakyRoutes };

async function appIn(nodeEnv: 'test' | 'production') {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  // Production's required settings (issue 10: SMTP; issue 14: bank key, legal particulars): nothing is sent.
  const env = loadEnv({ ...PRODUCTION_SETTINGS, NODE_ENV: nodeEnv });
  const database = await openTestDatabase('pglite');
  const app = await buildApp({
    env,
    database,
    features: [...features, leaky],
    version: 'test',
    logger: { level: 'error', stream },
  });
  await app.ready();
  return {
    app,
    lines,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

describe('response validation (ADR 0006)', () => {
  // Each test builds its own app on a fresh PGlite (migrations included): slow on a busy machine.
  it(
    'outside production a leaked field fails the call (500) and the log names the route and the field',
    { timeout: 120_000 },
    async () => {
      const t = await appIn('test');
      try {
        const res = await t.app.inject({ method: 'GET', url: '/api/leaky' });
        expect(res.statusCode).toBe(500);
        expect(res.body).not.toContain('password_hash');
        const log = t.lines.join('\n');
        expect(log).toContain('GET /api/leaky (200)');
        expect(log).toContain('profile.password_hash');
        expect(log).toContain('email');
      } finally {
        await t.close();
      }
    },
  );

  it('in production undeclared fields are stripped', { timeout: 120_000 }, async () => {
    const t = await appIn('production');
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/leaky' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ id: 1, profile: { name: '山田' } });
    } finally {
      await t.close();
    }
  });
});

describe('OpenAPI 3.1 from the route schemas (ADR 0006)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t.close());

  it('GET /api/openapi.json is public and lists every route of app.apiRoutes (method + {param} path)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toBe('3.1.0');
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([path, ops]) =>
        Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
      ),
    );
    // GET /metrics (issue 29) declares its access but is not part of the API.
    const routes = t.app.apiRoutes
      .filter((r) => r.url.startsWith('/api'))
      .map((r) => `${r.method} ${r.url.replace(/:([A-Za-z_]+)/g, '{$1}')}`);
    expect(routes.length).toBeGreaterThan(20);
    expect(routes.filter((r) => !documented.has(r))).toEqual([]);
  });

  it('request and response schemas are JSON Schema converted from zod', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const login = doc.paths['/api/login'].post;
    const body = login.requestBody.content['application/json'].schema;
    expect(body.properties).toHaveProperty('email');
    expect(body.properties).toHaveProperty('password');
    const me = doc.paths['/api/me'].get.responses['200'].content['application/json'].schema;
    expect(me.properties).toHaveProperty('flag_status');
    const shop = doc.paths['/api/shops/{id}'].get;
    expect(shop.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'id', in: 'path' })]),
    );
  });

  it('the reference UI is served in development only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(404);
    const database = await openTestDatabase('pglite');
    const dev = await buildApp({
      env: loadEnv({ NODE_ENV: 'development', LOG_LEVEL: 'silent', DATA_DIR: '/tmp/focustar-docs-test' }),
      database,
      features,
      version: 'test',
    });
    try {
      const entry = await dev.inject({ method: 'GET', url: '/api/docs' });
      expect([200, 301, 302]).toContain(entry.statusCode);
      const res = await dev.inject({ method: 'GET', url: '/api/docs/' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
    } finally {
      await dev.close();
      await database.close();
    }
  });
});
