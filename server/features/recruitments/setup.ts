import type { FastifyInstance } from 'fastify';
import { imageSrcSet, RECRUITMENT_CARD_SIZES } from '../../../contracts/images.ts';
import { recruitmentPageSchema } from '../../../contracts/recruitments.ts';
import { notify } from '../../platform/notify/outbox.ts';
import { CLOCK_QUEUE, RecruitmentService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    recruitments: RecruitmentService;
  }
}

/** Every five minutes, Japan time: recruitments whose dates passed move on (the job is idempotent). */
export const CLOCK_CRON = '*/5 * * * *';

/** The recruitments service and its clock (issue 15, "moved by dates (jobs)"). */
export async function setupRecruitments(app: FastifyInstance): Promise<void> {
  const service = new RecruitmentService({
    db: app.db,
    jobs: app.jobs,
    outbox: (tx, input) => notify(app, tx, input),
    appUrl: String(app.env.APP_URL),
    checker: app.postChecker,
  });
  app.decorate('recruitments', service);
  // ADR 0156: the open recruitments come with the guest page of the list, the first card's photo preloaded.
  app.pageData.add('/recruitments', async () => {
    const query = { stage: 'open' } as const;
    const page = recruitmentPageSchema.parse(await service.list(query));
    return {
      answers: [{ path: '/api/recruitments', query, body: page }],
      images: page.items.slice(0, 1).flatMap((r) =>
        r.cover
          ? [
              {
                href: r.cover.url,
                srcset: imageSrcSet(r.cover.url, r.cover.width),
                sizes: RECRUITMENT_CARD_SIZES,
              },
            ]
          : [],
      ),
    };
  });
  await app.jobs.work(CLOCK_QUEUE, async () => {
    const moved = await service.tick();
    if (moved.opened + moved.closed + moved.finished + moved.approved > 0)
      app.log.info(moved, 'recruitments moved by date');
  });
  await app.jobs.schedule(CLOCK_QUEUE, CLOCK_CRON);
}
