import type { FastifyInstance } from 'fastify';
import { declareMailQueue } from '../../platform/mail-queue.ts';
import { fakePostChecker, oembedPostChecker, type PostChecker } from './post-checker.ts';
import { AdvertisementService, JOBS } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    advertisements: AdvertisementService;
  }
}

/** POST_CHECKER: `fake` outside production unless set; `oembed` in production unless set. */
export function postCheckerFor(app: FastifyInstance): PostChecker {
  const kind = app.env.POST_CHECKER ?? (app.env.NODE_ENV === 'production' ? 'oembed' : 'fake');
  return kind === 'oembed'
    ? oembedPostChecker({ instagramToken: app.env.INSTAGRAM_OEMBED_TOKEN })
    : fakePostChecker;
}

/**
 * Issue 13 "Jobs and mail": the service, the mail outbox and the queues of support requests. Cron runs in
 * Asia/Tokyo: request end just after midnight, offer expiry and the auto-approval sweep every hour (the
 * per-post job, enqueued with the proof, approves on time; the sweep catches one that was lost).
 */
export async function setupAdvertisements(app: FastifyInstance): Promise<void> {
  const service = new AdvertisementService(app, postCheckerFor(app));
  app.decorate('advertisements', service);
  await declareMailQueue(app);
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
  if (app.jobs.working) {
    await app.jobs.schedule(JOBS.endRequests, '1 0 * * *');
    await app.jobs.schedule(JOBS.expireOffers, '5 * * * *');
    await app.jobs.schedule(JOBS.autoApproveDue, '10 * * * *');
  }
}
