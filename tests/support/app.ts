import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../server/platform/app.ts';
import { features } from '../../server/features/index.ts';
import { type Env, loadEnv } from '../../server/platform/env.ts';
import { type DbKind, openTestDatabase, type TestDatabase } from './db.ts';

export const TEST_VERSION = '0.0.0-test';
/** Not the development secret: the server refuses that one once OAuth, SMTP or reCAPTCHA is configured. */
export const TEST_APP_SECRET = 'test-only-secret-0123456789abcdef-0123456789';

/**
 * Every setting production requires (server/platform/env.ts), with harmless values: a test that checks
 * one requirement leaves that one out, so the others do not hide it.
 */
export const PRODUCTION_SETTINGS: Readonly<Record<string, string>> = {
  NODE_ENV: 'production',
  APP_SECRET: TEST_APP_SECRET,
  APP_URL: 'https://focustar.example',
  RECAPTCHA_SECRET: 'recaptcha-secret',
  SMTP_URL: 'smtp://127.0.0.1:2525',
  BANK_KEY: 'ab'.repeat(32),
  LEGAL_SELLER: '株式会社フォーカスター',
  LEGAL_REPRESENTATIVE: '山田 太郎',
  LEGAL_ADDRESS: '東京都千代田区丸の内1-1-1',
  LEGAL_PHONE: '03-1234-5678',
  LEGAL_EMAIL: 'support@focustar.example',
};

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  env: Env;
  close(): Promise<void>;
}

/** Builds the real app on a fresh database of the given kind. */
export async function createTestApp(
  kind: DbKind,
  envOverrides: Record<string, string> = {},
  options: { clientDir?: string | null } = {},
): Promise<TestApp> {
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    APP_SECRET: TEST_APP_SECRET,
    ...envOverrides,
  });
  const database = await openTestDatabase(kind);
  const app = await buildApp({
    env,
    database,
    features,
    version: TEST_VERSION,
    clientDir: options.clientDir ?? null,
  });
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

/** The /api routes the app registers (every feature's), read from a throwaway app on PGlite. */
export async function registeredApiRoutes(): Promise<FastifyInstance['apiRoutes']> {
  const t = await createTestApp('pglite');
  try {
    return [...t.app.apiRoutes];
  } finally {
    await t.close();
  }
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
