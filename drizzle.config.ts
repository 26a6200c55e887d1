import { defineConfig } from 'drizzle-kit';

/**
 * Every feature's tables (ADR 0005) and the platform's own (the money ledger); the migrations stay where
 * the platform's client applies them.
 */
export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './server/features/*/schema.ts',
    './server/platform/ledger.ts',
    './server/platform/short-links.ts',
  ],
  out: './server/platform/db/migrations',
});
