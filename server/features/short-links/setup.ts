import type { FastifyInstance } from 'fastify';
import { BURST_WINDOW_MS, pruneNetworkClicks } from '../../platform/click-signals.ts';
import { now } from '../../platform/clock.ts';
import { deviceHash } from '../../platform/device.ts';
import { signalIpHash } from '../../platform/fraud-signals.ts';
import { deriveKey } from '../../platform/keys.ts';
import { openSidePool } from '../../platform/db/client.ts';
import { CLICK_WRITERS, ClickRecorder, pruneVisitors, REPEAT_WINDOW_MS } from '../../platform/short-links.ts';

/** Queue of the visitor pruning job (ADR 0065). */
export const PRUNE_VISITORS_JOB = 'short-link-prune-visitors';

declare module 'fastify' {
  interface FastifyInstance {
    /** The clicks this process has answered and not yet written (ADR 0151). */
    shortLinkClicks: ClickRecorder;
  }
}

/**
 * Issue 13 "Tracking links" (ADR 0062, 0065): a visitor's keyed hash is kept only while it can still
 * decide the one-hour repeat rule. Every hour (Asia/Tokyo cron, pg-boss) the hashes counted more than an
 * hour before are deleted; the per-day click counts stay.
 *
 * Issue 17 (ADR 0151): the redirect buffers its click in this process's recorder, which writes a batch a
 * second; on close (graceful stop, after the requests in flight) it writes what is left.
 */
export async function setupShortLinks(app: FastifyInstance): Promise<void> {
  const secret = app.env.APP_SECRET;
  // Issue 29 (ADR 0209): the batches are written on connections of their own (one per writer).
  const writers = await openSidePool(app.database, CLICK_WRITERS);
  const clicks = new ClickRecorder(app.db, deriveKey(secret, 'short-link-visitor'), {
    writeDb: writers.db,
    // Issue 24 self_click: the visit's device and address, hashed as the sign-ins keep them.
    signals: { deviceHash: (id) => deviceHash(secret, id), ipHash: (ip) => signalIpHash(secret, ip) },
    onError: (err, { pending, dropped }) =>
      app.log.error({ err, pending, dropped }, 'clicks not written yet (retried with the next batch)'),
  });
  app.decorate('shortLinkClicks', clicks);
  // Issue 29: written and dropped clicks are counted by the recorder (platform metrics).
  app.metrics.gauge(
    'focustar_click_buffer_depth',
    'Counted clicks buffered, not yet written',
    () => clicks.pending,
  );
  // onError has logged a failed last write; the stop goes on.
  app.addHook('onClose', async () => {
    await clicks.close().catch(() => {});
    await writers.close();
  });

  await app.jobs.work(PRUNE_VISITORS_JOB, async () => {
    const removed = await pruneVisitors(app.db, new Date(now().getTime() - REPEAT_WINDOW_MS));
    if (removed) app.log.info({ removed }, 'short link visitors pruned');
    // Issue 24 click_burst: the per-network sums only matter for ten minutes.
    const sums = await pruneNetworkClicks(app.db, new Date(now().getTime() - BURST_WINDOW_MS));
    if (sums) app.log.info({ removed: sums }, 'per-network click sums pruned');
  });
  if (app.jobs.working) await app.jobs.schedule(PRUNE_VISITORS_JOB, '20 * * * *');
}
