import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { type Db, openDatabase, type TableSchema } from './db/client.ts';
import { type Env, EnvError, loadEnv } from './env.ts';
import { loggerOptions } from './logging.ts';
import type { StandinPost } from './sns-standin.ts';
import type { ImageStorage } from './storage.ts';
import type { Feature } from './feature.ts';
import { computeAppVersion, ROOT_DIR } from './version.ts';

/**
 * How long a graceful shutdown may take (requests in flight, then jobs, up to 15 s of them) before the
 * process exits with 1 anyway. Process managers must wait longer before their SIGKILL (Kubernetes waits
 * 30 s by default; `docker stop` only 10 s: use `--time 30` or `stop_grace_period: 30s`).
 */
export const SHUTDOWN_GRACE_SECONDS = 25;

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
  seedDemoData(
    db: Db,
    services: {
      images: ImageStorage;
      bankKey?: string;
      snsPosts?: { publish(post: StandinPost): unknown } | null;
    },
  ): Promise<boolean>;
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
    logger: loggerOptions(env),
  });
  app.log.info({ database: database.kind, location: database.location, version }, 'database ready');

  // `auto` seeds an empty embedded database; `always` any empty database outside production (the browser
  // tests' PostgreSQL database, ADR 0193).
  const seed =
    env.SEED_DEMO_DATA === 'always' || (env.SEED_DEMO_DATA === 'auto' && database.kind === 'pglite');
  if (env.NODE_ENV !== 'production' && seed) {
    if (
      await composition.seedDemoData(database.db, {
        images: app.images,
        bankKey: env.BANK_KEY,
        snsPosts: app.snsPosts,
      })
    ) {
      // No password in a log line, not even the public demo one (issue 17): the README has it.
      app.log.info('seeded the demo accounts (README: Demo accounts)');
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

  // Graceful shutdown (ADR 0132): SIGTERM (a deployment, `docker stop`, systemd) or Ctrl-C stops taking
  // connections and jobs, lets the requests and jobs in flight finish, closes the database and exits 0.
  // A second signal, or a shutdown longer than SHUTDOWN_GRACE_SECONDS, ends the process at once.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const log = server.app.log;
    log.info({ signal, jobsRunning: server.app.jobs.running }, 'shutting down: finishing what is in flight');
    const timer = setTimeout(() => {
      log.error({ jobsRunning: server.app.jobs.running }, 'shutdown took too long: exiting anyway');
      process.exit(1);
    }, SHUTDOWN_GRACE_SECONDS * 1000).unref();
    try {
      await server.close();
      log.info('stopped');
      clearTimeout(timer);
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}
