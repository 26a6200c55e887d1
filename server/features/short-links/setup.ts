import type { FastifyInstance } from 'fastify';
import { now } from '../../platform/clock.ts';
import { pruneVisitors, REPEAT_WINDOW_MS } from '../../platform/short-links.ts';

/** Queue of the visitor pruning job (ADR 0065). */
export const PRUNE_VISITORS_JOB = 'short-link-prune-visitors';

/**
 * Issue 13 "Tracking links" (ADR 0062, 0065): a visitor's keyed hash is kept only while it can still
 * decide the one-hour repeat rule. Every hour (Asia/Tokyo cron, pg-boss) the hashes counted more than an
 * hour before are deleted; the per-day click counts stay.
 */
export async function setupShortLinks(app: FastifyInstance): Promise<void> {
  await app.jobs.work(PRUNE_VISITORS_JOB, async () => {
    const removed = await pruneVisitors(app.db, new Date(now().getTime() - REPEAT_WINDOW_MS));
    if (removed) app.log.info({ removed }, 'short link visitors pruned');
  });
  if (app.jobs.working) await app.jobs.schedule(PRUNE_VISITORS_JOB, '20 * * * *');
}
