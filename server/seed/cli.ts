import { join } from 'node:path';
import * as schema from '../features/schema.ts';
import { openDatabase } from '../platform/db/client.ts';
import { loadEnv } from '../platform/env.ts';
import { openImageStorage } from '../platform/storage.ts';
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
const openDemoImages = () =>
  openImageStorage({
    dataDir: env.DATA_DIR,
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          endpoint: env.S3_ENDPOINT,
          accessKeyId: env.S3_ACCESS_KEY_ID!,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
          publicUrl: env.S3_PUBLIC_URL!,
        }
      : null,
  });
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
