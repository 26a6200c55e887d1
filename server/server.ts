import { join } from 'node:path';
import { buildApp } from './app.ts';
import { openDatabase } from './db/client.ts';
import { seedDemoData } from './db/seed.ts';
import { EnvError, loadEnv } from './env.ts';
import { computeAppVersion, ROOT_DIR } from './version.ts';

/** Starts the product: validated config, database + migrations, demo seed, listen, graceful shutdown. */
export async function main(): Promise<void> {
  let env: ReturnType<typeof loadEnv>;
  try {
    env = loadEnv();
  } catch (err) {
    if (err instanceof EnvError) {
      console.error(`設定に問題があるため起動できません。\n${err.message}`);
      process.exit(1);
    }
    throw err;
  }
  const version = computeAppVersion();
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    pgliteDir: join(env.DATA_DIR, 'pglite'),
  });
  const app = await buildApp({
    env,
    database,
    version,
    clientDir: join(ROOT_DIR, 'dist/client'),
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
    if (await seedDemoData(database.db)) app.log.info('seeded the demo accounts (password: demo-pass-2026)');
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await app.close();
      await database.close();
    } finally {
      clearTimeout(timer);
      process.exit(0);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: env.HOST, port: env.PORT });
  app.log.info(`Focustar is running at ${env.APP_URL}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
