import type { FastifyInstance } from 'fastify';
import { notify } from '../../platform/notify/outbox.ts';
import { AdvertisementService, JOBS } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    advertisements: AdvertisementService;
  }
}

/** Issue 26: offers whose answer deadline is within 24 hours are looked for every 15 minutes (Japan time). */
export const OFFERS_EXPIRING_CRON = '*/15 * * * *';
/** Issue 26: the shops' daily digest of posts to judge, at 09:00 Japan time. */
export const JUDGE_DIGEST_CRON = '0 9 * * *';
/**
 * ADR 0205: held rewards whose hold is over are checked and confirmed every 10 minutes (no job per approval),
 * so a reward becomes 確定 at most about 10 minutes after its hold ends.
 */
export const CONFIRM_DUE_CRON = '*/10 * * * *';

/**
 * Issue 13 "Jobs and mail": the service, the mail outbox and the queues of support requests. Cron runs in
 * Asia/Tokyo: request end just after midnight, offer expiry and the auto-approval sweep every hour (the
 * per-post job, enqueued with the proof, approves on time; the sweep catches one that was lost).
 */
export async function setupAdvertisements(app: FastifyInstance): Promise<void> {
  const service = new AdvertisementService({
    db: app.db,
    appUrl: app.env.APP_URL,
    appSecret: app.env.APP_SECRET,
    jobs: app.jobs,
    outbox: (tx, input) => notify(app, tx, input),
    deleteImage: (key) => app.images.delete(key),
    postChecker: app.postChecker,
    // ADR 0182: another feature's rows change through its service, read from the instance at each call.
    accounts: {
      raiseFlagOnce: (tx, userId, flag) => app.accounts.service.raiseFlagOnce(tx, userId, flag),
    },
    shops: { completeFirstAd: (tx, shopId) => app.shops.completeFirstAd(tx, shopId) },
  });
  app.decorate('advertisements', service);
  await app.jobs.work<{ unitId: number }>(JOBS.autoApprove, async ({ unitId }) => {
    await service.autoApprove(unitId);
  });
  await app.jobs.work(JOBS.autoApproveDue, async () => {
    await service.autoApproveDue();
  });
  await app.jobs.work(JOBS.expireOffers, async () => {
    await service.expireOffers();
  });
  await app.jobs.work(JOBS.endRequests, async () => {
    await service.endRequests();
  });
  await app.jobs.work<{ unitId: number }>(JOBS.confirmReward, async ({ unitId }) => {
    await service.confirmReward(unitId);
  });
  await app.jobs.work(JOBS.confirmDue, async () => {
    await service.confirmDue();
  });
  await app.jobs.work<{ userId: number }>(JOBS.withdrawOffers, async ({ userId }) => {
    await service.withdrawIneligibleOffers(userId);
  });
  await app.jobs.work(JOBS.offersExpiring, async () => {
    await service.remindExpiringOffers();
  });
  await app.jobs.work(JOBS.judgeDigest, async () => {
    await service.judgeDigest();
  });
  if (app.jobs.working) {
    await app.jobs.schedule(JOBS.endRequests, '1 0 * * *');
    await app.jobs.schedule(JOBS.expireOffers, '5 * * * *');
    await app.jobs.schedule(JOBS.autoApproveDue, '10 * * * *');
    await app.jobs.schedule(JOBS.confirmDue, CONFIRM_DUE_CRON);
    // Issue 26 (ADR 0177): offer reminders every 15 minutes; the shops' digest of posts at 09:00.
    await app.jobs.schedule(JOBS.offersExpiring, OFFERS_EXPIRING_CRON);
    await app.jobs.schedule(JOBS.judgeDigest, JUDGE_DIGEST_CRON);
  }
}
