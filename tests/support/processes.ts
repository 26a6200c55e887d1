import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { connect, createServer } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import { ROOT_DIR } from '../../server/platform/version.ts';
import { TEST_APP_SECRET } from './app.ts';

/**
 * Real server processes for the tests that need more than `app.inject`: two processes on one database
 * (issue 17, races across processes), a SIGTERM during a request (graceful shutdown) and kill -9 (the
 * crash script), and the main journey across two processes on one PostgreSQL and Redis (issue 17, ADR
 * 0140). Each is `node --import tsx server/main.ts`, as `npm start` runs it, with its output (the JSON
 * log lines) kept for the test to read.
 */

export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether Redis answers (REDIS_URL, else 127.0.0.1:6379), as the PostgreSQL suites need TEST_DATABASE_URL. */
export function redisAnswers(url = REDIS_URL): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const u = new URL(url);
    const socket = connect(Number(u.port || 6379), u.hostname);
    socket.setTimeout(1000);
    socket.on('connect', () => {
      socket.end('PING\r\n');
      resolve(true);
    });
    socket.on('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.on('error', () => resolve(false));
  });
}

export const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/**
 * A throw-away PostgreSQL database next to the one `adminUrl` names (TEST_DATABASE_URL). In a vitest run
 * (tests/support/global-db.ts) it is one of the run's databases, dropped with the others at the run's end:
 * `drop` leaves it. A `DROP DATABASE` waits for a checkpoint, which in a loaded run synced tens of
 * thousands of files for 45–60 s and ran past the hooks' limit (ADR 0185).
 */
export async function createPostgresDatabase(
  adminUrl: string,
  prefix = 'focustar_test',
): Promise<{ url: string; drop(): Promise<void> }> {
  const run = prefix === 'focustar_test' ? process.env.FOCUSTAR_TEST_RUN : undefined;
  const name = `${prefix}_${run ? `r${run}_` : ''}${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      if (run) return; // dropped with the run's others at its end
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** A throw-away database on the TEST_DATABASE_URL server: its URL and how to drop it. */
export async function scratchDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) throw new Error('TEST_DATABASE_URL is not set');
  return createPostgresDatabase(admin);
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** stdout and stderr, in order. */
  output: string[];
  /** Resolves with the exit code (null when a signal ended it) and the signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** The environment every test server gets: test mode, quiet logs, the test secret, no demo seed. */
export const BASE_SERVER_ENV: Readonly<Record<string, string>> = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  APP_SECRET: TEST_APP_SECRET,
  SEED_DEMO_DATA: 'never',
};

/** Starts `server/main.ts` on a free port and waits until `/api/ready` answers 200 (migrated, Redis and pg-boss up). */
export async function startServerProcess(
  env: Record<string, string>,
  options: { timeoutMs?: number; port?: number } = {},
): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const output: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT_DIR, 'server/main.ts')], {
    cwd: ROOT_DIR,
    env: { PATH: process.env.PATH ?? '', ...env, PORT: String(port), HOST: '127.0.0.1', APP_URL: url },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (c: Buffer) => output.push(String(c)));
  child.stderr!.on('data', (c: Buffer) => output.push(String(c)));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const deadline = Date.now() + (options.timeoutMs ?? 240_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`server exited:\n${output.join('')}`);
    try {
      if ((await fetch(`${url}/api/ready`)).ok) return { url, child, output, exited };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start:\n${output.join('')}`);
}

/** SIGTERM, then SIGKILL if it is still there after `graceMs`. Answers how it ended. */
export async function stopServerProcess(
  server: ServerProcess | undefined,
  graceMs = 30_000,
): Promise<{ code: number | null; signal: NodeJS.Signals | null } | null> {
  if (!server) return null;
  if (server.child.exitCode !== null || server.child.signalCode !== null) return server.exited;
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), graceMs);
  const result = await server.exited;
  clearTimeout(timer);
  return result;
}

/** kill -9: no handler runs, nothing is flushed or closed. */
export async function killServerProcess(server: ServerProcess): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGKILL');
  await server.exited;
}

export interface HttpAnswer {
  status: number;
  body: string;
  /** The body as JSON (null when empty). */
  // NOTE: like light-my-request's `json()`: each test reads the fields it checks.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json<T = any>(): T;
  headers: Headers;
}

/**
 * A browser over real HTTP: one cookie jar (the XSRF cookie is signed with APP_SECRET, so every process
 * accepts it), echoed in X-XSRF-TOKEN on unsafe methods, and the bearer token once logged in. `on(url)`
 * is the same browser talking to another process (the jar and the token are shared); `call(server, …)`
 * names the process per call.
 */
export class HttpClient {
  constructor(
    public baseUrl: string,
    private readonly session: { token: string | null; cookies: Map<string, string> } = {
      token: null,
      cookies: new Map(),
    },
  ) {}

  get token(): string | null {
    return this.session.token;
  }
  set token(token: string | null) {
    this.session.token = token;
  }

  /** The same browser talking to another process. */
  on(baseUrl: string): HttpClient {
    return new HttpClient(baseUrl, this.session);
  }

  /** The XSRF cookie's value (fetched once from /api/csrf-cookie). */
  async xsrfToken(): Promise<string> {
    if (!this.session.cookies.has('XSRF-TOKEN')) await this.request('GET', '/api/csrf-cookie');
    return decodeURIComponent(this.session.cookies.get('XSRF-TOKEN')!);
  }

  async request(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<HttpAnswer> {
    const { cookies } = this.session;
    const h: Record<string, string> = { ...headers };
    if (method !== 'GET') await this.xsrfToken();
    // The header and the cookie read together, after any wait: a concurrent call may have renewed it.
    const xsrf = cookies.get('XSRF-TOKEN');
    if (xsrf && method !== 'GET') h['x-xsrf-token'] = decodeURIComponent(xsrf);
    if (cookies.size) h.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (this.token) h.authorization = `Bearer ${this.token}`;
    if (body !== undefined) h['content-type'] = 'application/json';
    const res = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: h,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair = ''] = c.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (!value || /max-age=0/i.test(c)) cookies.delete(name);
      else cookies.set(name, value);
    }
    const text = await res.text();
    return {
      status: res.status,
      body: text,
      headers: res.headers,
      json: () => (text ? JSON.parse(text) : null),
    };
  }

  call(
    server: { url: string },
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ) {
    return this.on(server.url).request(method, path, body, headers);
  }
  get(path: string) {
    return this.request('GET', path);
  }
  post(path: string, body?: unknown) {
    return this.request('POST', path, body);
  }
  delete(path: string) {
    return this.request('DELETE', path);
  }
}

/** Logs in through POST /api/login; throws with the answer when it fails. */
export async function loginOver(baseUrl: string, email: string, password: string): Promise<HttpClient> {
  const client = new HttpClient(baseUrl);
  const res = await client.post('/api/login', { email, password });
  if (res.status !== 200) throw new Error(`login of ${email} failed: ${res.status} ${res.body}`);
  client.token = res.json<{ access_token: string }>().access_token;
  return client;
}
