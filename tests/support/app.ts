import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../server/app.ts';
import type { Database } from '../../server/db/client.ts';
import { type Env, loadEnv } from '../../server/env.ts';
import { type DbKind, openTestDatabase } from './db.ts';

export const TEST_VERSION = '0.0.0-test';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  env: Env;
  close(): Promise<void>;
}

/** Builds the real app on a fresh database of the given kind. */
export async function createTestApp(
  kind: DbKind,
  envOverrides: Record<string, string> = {},
  options: { clientDir?: string | null } = {},
): Promise<TestApp> {
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...envOverrides });
  const database = await openTestDatabase(kind);
  const app = await buildApp({ env, database, version: TEST_VERSION, clientDir: options.clientDir ?? null });
  await app.ready();
  return {
    app,
    database,
    env,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/**
 * A browser-like client over `app.inject`: keeps cookies, echoes the XSRF-TOKEN cookie in the
 * X-XSRF-TOKEN header on unsafe methods (as the SPA does), and sends a bearer token when given one.
 */
export class TestClient {
  readonly cookies = new Map<string, string>();
  token: string | null = null;

  constructor(readonly app: FastifyInstance) {}

  async request(options: InjectOptions & { method: string; url: string }): Promise<LightMyRequestResponse> {
    if (
      !['GET', 'HEAD', 'OPTIONS'].includes(options.method.toUpperCase()) &&
      !this.cookies.has('XSRF-TOKEN')
    ) {
      await this.request({ method: 'GET', url: '/api/csrf-cookie' });
    }
    const headers: Record<string, string> = { ...(options.headers as Record<string, string> | undefined) };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (xsrf && !('x-xsrf-token' in headers)) headers['x-xsrf-token'] = decodeURIComponent(xsrf);
    if (this.token && !('authorization' in headers)) headers.authorization = `Bearer ${this.token}`;
    const res = await this.app.inject({ ...options, headers });
    for (const c of res.cookies as { name: string; value: string; maxAge?: number }[]) {
      if (c.value === '' || c.maxAge === 0) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }

  get(url: string, headers?: Record<string, string>) {
    return this.request({ method: 'GET', url, ...(headers ? { headers } : {}) });
  }
  post(url: string, payload?: unknown, headers?: Record<string, string>) {
    return this.request({
      method: 'POST',
      url,
      payload: payload as InjectOptions['payload'],
      ...(headers ? { headers } : {}),
    });
  }
  put(url: string, payload?: unknown) {
    return this.request({ method: 'PUT', url, payload: payload as InjectOptions['payload'] });
  }
  delete(url: string) {
    return this.request({ method: 'DELETE', url });
  }
}
