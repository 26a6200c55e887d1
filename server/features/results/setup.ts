import type { FastifyInstance } from 'fastify';
import { declareMailQueue } from '../../platform/mail-queue.ts';
import { MONTHLY_REPORT_CRON, MONTHLY_REPORT_QUEUE, sendMonthlyReports } from './report.ts';

/**
 * Issue 27: the monthly report (ADR 0165). The job's data may name a month (`{ month: 'YYYY-MM' }`, a
 * manual run or a test); the cron's has none, and means last month in Japan time.
 */
export async function setupResults(app: FastifyInstance): Promise<void> {
  await declareMailQueue(app);
  await app.jobs.work<{ month?: string }>(MONTHLY_REPORT_QUEUE, async (data, job) => {
    const month = typeof data.month === 'string' && /^\d{4}-\d{2}$/.test(data.month) ? data.month : undefined;
    const sent = await sendMonthlyReports(app, month);
    job.log.info(sent, 'monthly results reports queued');
  });
  if (app.jobs.working) await app.jobs.schedule(MONTHLY_REPORT_QUEUE, MONTHLY_REPORT_CRON);
}
