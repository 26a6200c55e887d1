import { z } from 'zod';
import './common.ts';

/** Health, version and the public runtime configuration. */
export const healthSchema = z.object({ status: z.literal('ok') });
export const versionSchema = z.object({ version: z.string() });

/**
 * Issue 17 (ADR 0141): readiness, which a proxy or orchestrator asks before sending traffic to a process.
 * `/api/health` says the process and its database answer; `/api/ready` says this process can serve: the
 * database holds every migration of this build, Redis answers (when configured), pg-boss runs.
 */
export const readySchema = z.object({
  status: z.literal('ready'),
  checks: z.object({
    database: z.literal('ok'),
    migrations: z.literal('ok'),
    /** `off`: REDIS_URL is not set (one process keeps its throttles and caches in memory). */
    redis: z.enum(['ok', 'off']),
    jobs: z.literal('ok'),
    /**
     * Issue 29: `late` when a message due has waited past the threshold (SMTP, LINE or the push service down);
     * the outbox retries, so the process stays ready and says so.
     */
    outbox: z.enum(['ok', 'late']),
  }),
  /** Seconds the oldest due message has waited unsent; null when none waits. */
  outboxOldestUnsentSeconds: z.number().int().nonnegative().nullable(),
});
export type Ready = z.infer<typeof readySchema>;

/** What a 503 of `/api/ready` says, one sentence per failed check. */
export const READY_MESSAGES = {
  notReady: (problems: string[]) => `準備中のため、まだ利用できません。${problems.join('')}`,
  database: 'データベースに接続できません。',
  migrations: (pending: number) => `データベースの更新（マイグレーション）が${pending}件適用されていません。`,
  redis: 'Redis に接続できません。',
  jobs: 'バックグラウンド処理（pg-boss）が動いていません。',
} as const;

/** Public runtime configuration the SPA needs before anything else (no secrets). */
export const publicConfigSchema = z.object({
  version: z.string(),
  recaptchaSiteKey: z.string().nullable(),
  sentryDsn: z.string().nullable(),
  oauthProviders: z.array(z.string()),
  /** Issue 14: the seller's particulars for the 特定商取引法 page; null where not set (development). */
  legal: z.object({
    seller: z.string().nullable(),
    representative: z.string().nullable(),
    address: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
  }),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
