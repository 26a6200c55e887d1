import { join } from 'node:path';
import { loadEnv } from '../env.ts';
import { openDatabase } from './client.ts';
import { seedDemoData } from './seed.ts';

/** `npm run db:migrate` and `npm run db:seed`, on the configured database. */
const command = process.argv[2];
const env = loadEnv();
const database = await openDatabase({
  databaseUrl: env.DATABASE_URL,
  pgliteDir: join(env.DATA_DIR, 'pglite'),
});
try {
  console.log(`migrated ${database.kind} (${database.location})`);
  if (command === 'seed') {
    if (env.NODE_ENV === 'production') throw new Error('デモデータは本番環境には投入できません。');
    console.log(
      (await seedDemoData(database.db)) ? 'seeded the demo data' : 'users exist already: nothing seeded',
    );
  }
} finally {
  await database.close();
}
