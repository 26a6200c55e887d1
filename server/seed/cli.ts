import { join } from 'node:path';
import * as schema from '../features/schema.ts';
import { openDatabase } from '../platform/db/client.ts';
import { loadEnv } from '../platform/env.ts';
import { openImageStorageFromEnv } from '../platform/storage.ts';
import { seedDemoData } from './demo.ts';

/**
 * `npm run db:migrate` and `npm run db:seed`, on the configured database. It lives at the composition
 * level (beside the seed, ADR 0005) because seeding needs every feature's tables.
 */
const command = process.argv[2];
const env = loadEnv();
const database = await openDatabase({
  schema,
  databaseUrl: env.DATABASE_URL,
  pgliteDir: join(env.DATA_DIR, 'pglite'),
});
/** The same storage the app uses (local disk under DATA_DIR, or the S3 bucket), for the demo covers. */
const openDemoImages = () => openImageStorageFromEnv(env);

try {
  console.log(`migrated ${database.kind} (${database.location})`);
  if (command === 'seed') {
    if (env.NODE_ENV === 'production') throw new Error('デモデータは本番環境には投入できません。');
    console.log(
      (await seedDemoData(database.db, { images: await openDemoImages(), bankKey: env.BANK_KEY }))
        ? 'seeded the demo data'
        : 'users exist already: nothing seeded',
    );
  }
} finally {
  await database.close();
}
