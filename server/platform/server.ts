import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { type Db, openDatabase, type TableSchema } from './db/client.ts';
import { type Env, EnvError, loadEnv } from './env.ts';
import type { ImageStorage } from './storage.ts';
import type { Feature } from './feature.ts';
import { computeAppVersion, ROOT_DIR } from './version.ts';

export interface RunningServer {
  app: FastifyInstance;
  /** Stops listening, lets requests in flight finish, closes the database. */
  close(): Promise<void>;
}

/** What the composition root (server/main.ts) hands the platform: the features, their tables, the seed. */
export interface Composition {
  features: readonly Feature[];
  schema: TableSchema;
  /** Seeds an empty database with the demo data (covers through the app's image storage); false when it was not empty. */
  seedDemoData(db: Db, services: { images: ImageStorage; bankKey?: string }): Promise<boolean>;
}

/**
 * Starts the product on a validated configuration: database and migrations, the app, the demo seed on
 * an empty embedded database (never in production), listen. The e2e stack calls this too.
 */
export async function startServer(env: Env, composition: Composition): Promise<RunningServer> {
  const version = computeAppVersion();
  const database = await openDatabase({
    schema: composition.schema,
    databaseUrl: env.DATABASE_URL,
    pgliteDir: resolve(env.DATA_DIR, 'pglite'),
    poolMax: env.DB_POOL_MAX,
  });
  const app = await buildApp({
    env,
    database,
    version,
    features: composition.features,
    clientDir: resolve(ROOT_DIR, env.CLIENT_DIR),
    logger: {
      level: env.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      ...(env.NODE_ENV === 'development' && process.stdout.isTTY
        ? { transport: { target: 'pino-pretty' } }
        : {}),
    },
  });
  app.log.info({ database: database.kind, location: database.location, version }, 'database ready');

  if (env.NODE_ENV !== 'production' && database.kind === 'pglite' && env.SEED_DEMO_DATA === 'auto') {
    if (await composition.seedDemoData(database.db, { images: app.images, bankKey: env.BANK_KEY })) {
      app.log.info('seeded the demo accounts (password: demo-pass-2026)');
    }
  }

  await app.listen({ host: env.HOST, port: env.PORT });
  app.log.info(`Focustar is running at ${env.APP_URL}`);
  return {
    app,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** `npm start`: reads the environment (a bad one stops with every problem listed), starts, shuts down gracefully. */
export async function runServer(composition: Composition): Promise<void> {
  let env: Env;
  try {
    env = loadEnv();
  } catch (err) {
    if (err instanceof EnvError) {
      console.error(`設定に問題があるため起動できません。\n${err.message}`);
      process.exit(1);
    }
    throw err;
  }
  const server = await startServer(env, composition);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    server.app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await server.close();
    } finally {
      clearTimeout(timer);
      process.exit(0);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}
