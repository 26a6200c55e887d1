import { randomBytes } from 'node:crypto';

/**
 * The mode the benchmarks run the server in (`BENCH_NODE_ENV`). Production by default: what the product
 * runs, with the fast path of GET /api/me (the database's JSON sent as it is, ADR 0006). `development` adds
 * the strict check of every answer against its schema (a test aid, ADR 0006), whose cost grows with the
 * size of an answer; issue 17's first figures were measured with it.
 */
export const BENCH_NODE_ENV = process.env.BENCH_NODE_ENV ?? 'production';
if (!['production', 'development'].includes(BENCH_NODE_ENV))
  throw new Error('BENCH_NODE_ENV: production or development');

/** What production requires to start (env.ts); nothing of it is used by the measured routes. */
const PRODUCTION: Record<string, string> = {
  NODE_ENV: 'production',
  APP_URL: 'https://focustar.example',
  RECAPTCHA_SECRET: 'bench',
  SMTP_URL: 'smtp://127.0.0.1:2525',
  BANK_KEY: randomBytes(32).toString('hex'),
  LEGAL_SELLER: 'ベンチマーク',
  LEGAL_REPRESENTATIVE: 'ベンチマーク',
  LEGAL_ADDRESS: '東京都',
  LEGAL_PHONE: '03-0000-0000',
  LEGAL_EMAIL: 'bench@focustar.example',
};

/** The environment of the mode: production's required settings, or just NODE_ENV. */
export function modeEnv(): Record<string, string> {
  return BENCH_NODE_ENV === 'production' ? PRODUCTION : { NODE_ENV: BENCH_NODE_ENV };
}
