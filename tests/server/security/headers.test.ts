import fastifyHelmet from '@fastify/helmet';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { features } from '../../../server/features/index.ts';
import { buildApp } from '../../../server/platform/app.ts';
import { loadEnv } from '../../../server/platform/env.ts';
import { helmetOptions, securityHeaders } from '../../../server/platform/plugins/security.ts';
import { PRODUCTION_SETTINGS, TEST_APP_SECRET } from '../../support/app.ts';
import { openTestDatabase } from '../../support/db.ts';

/**
 * ADR 0002 (security headers on every answer) and issue 17 (the profile of a no-op call showed helmet
 * building its middleware again on every request): the headers are computed once, and they are exactly
 * those @fastify/helmet sends with the same options, plus the Permissions-Policy.
 */
const ENVS = {
  development: loadEnv({ NODE_ENV: 'development', APP_SECRET: TEST_APP_SECRET }),
  production: loadEnv({ ...PRODUCTION_SETTINGS }),
};
const lower = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));

describe('security headers computed once (ADR 0002, issue 17)', () => {
  for (const [name, env] of Object.entries(ENVS)) {
    it(`${name}: the same headers as @fastify/helmet with the app's options`, async () => {
      const reference = Fastify();
      await reference.register(fastifyHelmet, helmetOptions(env));
      reference.get('/', async () => ({}));
      const res = await reference.inject({ url: '/' });
      const fromHelmet = Object.fromEntries(
        Object.entries(res.headers).filter(
          ([k]) => !['content-type', 'content-length', 'date', 'connection'].includes(k),
        ),
      );
      const { 'permissions-policy': permissions, ...ours } = lower(securityHeaders(env));
      expect(ours).toEqual(fromHelmet);
      expect(permissions).toBe('camera=(), microphone=(), geolocation=(), payment=()');
      await reference.close();
    });
  }

  it('the app sends them on an API answer, a 404 and a page; API answers are not stored', async () => {
    const database = await openTestDatabase('pglite');
    const app = await buildApp({ env: ENVS.production, database, features, version: 'test' });
    try {
      const expected = lower(securityHeaders(ENVS.production));
      for (const url of ['/api/version', '/api/no-such-route', '/login']) {
        const res = await app.inject({ url });
        for (const [header, value] of Object.entries(expected))
          expect(res.headers[header], `${url} ${header}`).toBe(value);
        if (url.startsWith('/api')) expect(res.headers['cache-control']).toBe('no-store');
      }
    } finally {
      await app.close();
      await database.close();
    }
  });
});
