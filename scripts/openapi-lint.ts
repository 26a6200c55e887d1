import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { features } from '../server/features/index.ts';
import * as schema from '../server/features/schema.ts';
import { buildApp } from '../server/platform/app.ts';
import { openDatabase } from '../server/platform/db/client.ts';
import { loadEnv } from '../server/platform/env.ts';
import { ROOT_DIR, computeAppVersion } from '../server/platform/version.ts';

/**
 * `npm run lint:openapi` (issue 28 (d), ADR 0163): writes the OpenAPI document the app serves at
 * /api/openapi.json to test-results/openapi.json (the app built on an in-memory PGlite, nothing listens),
 * then runs `redocly lint` on it with the recommended rules (redocly.yaml). Exits with redocly's status:
 * any error fails `npm test`.
 *
 * Offline by construction: telemetry off (REDOCLY_TELEMETRY, and `telemetry: off` in redocly.yaml), no
 * update notice (it asks the registry), and redocly.yaml names no remote configuration or API registry.
 */
export const REDOCLY_OFFLINE_ENV: Readonly<Record<string, string>> = {
  REDOCLY_TELEMETRY: 'off',
  REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
  REDOCLY_SUPPRESS_NOTIFICATIONS: 'true',
  DO_NOT_TRACK: '1',
};

export async function writeOpenApiDocument(file: string): Promise<void> {
  const database = await openDatabase({ schema, pgliteDir: 'memory://' });
  const app = await buildApp({
    // Not the development secret: that one is refused outside a plainly local process (issue 24 pentest 1).
    env: loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', APP_SECRET: 'openapi-lint-'.padEnd(40, 'x') }),
    database,
    features,
    version: computeAppVersion(),
  });
  try {
    await app.ready();
    writeFileSync(file, JSON.stringify(app.swagger(), null, 2));
  } finally {
    await app.close();
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const out = join(ROOT_DIR, 'test-results');
  mkdirSync(out, { recursive: true });
  const file = join(out, 'openapi.json');
  await writeOpenApiDocument(file);
  const res = spawnSync(
    join(ROOT_DIR, 'node_modules/.bin/redocly'),
    ['lint', file, '--config', join(ROOT_DIR, 'redocly.yaml'), '--format', 'stylish'],
    { cwd: ROOT_DIR, stdio: 'inherit', env: { ...process.env, ...REDOCLY_OFFLINE_ENV } },
  );
  process.exit(res.status ?? 1);
}
