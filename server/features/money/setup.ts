import type { FastifyInstance } from 'fastify';
import { MoneyService, PAYOUT_QUEUE } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    money: MoneyService;
  }
}

/** Product design section 5: at 03:00 on the 1st of each month (Japan time), last month's batch. */
export const PAYOUT_CRON = '0 3 1 * *';

export async function setupMoney(app: FastifyInstance): Promise<void> {
  const service = new MoneyService({ db: app.db, env: app.env });
  app.decorate('money', service);
  // Key rotation: rows sealed under a key now in BANK_KEYS_OLD are sealed again under BANK_KEY.
  if (app.env.BANK_KEYS_OLD) {
    const moved = await service.resealAll();
    if (moved) app.log.info({ moved }, 'bank details sealed again under the current BANK_KEY');
  }
  await app.jobs.work(PAYOUT_QUEUE, async () => {
    const built = await service.monthly();
    app.log.info({ month: built.batch.month, created: built.created }, 'monthly payout batch');
  });
  await app.jobs.schedule(PAYOUT_QUEUE, PAYOUT_CRON);
}
