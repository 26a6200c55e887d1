import type { FastifyInstance } from 'fastify';
import { DASHBOARD_REFRESH_MINUTES } from '../../../contracts/results.ts';
import { notified, notify } from '../../platform/notify/outbox.ts';
import { MONTHLY_REPORT_CRON, MONTHLY_REPORT_QUEUE, type ReportDeps, sendMonthlyReports } from './report.ts';
import { ResultsService } from './service.ts';

/** ADR 0168: the dashboard's months not settled yet are computed again every few minutes. */
export const DASHBOARD_MONTHS_QUEUE = 'results.dashboard-months';
export const DASHBOARD_MONTHS_CRON = `*/${DASHBOARD_REFRESH_MINUTES} * * * *`;

/** The monthly report's deps, from the app (issue 28: services and jobs take a deps object). */
export const reportDeps = (app: FastifyInstance): ReportDeps => ({
  db: app.db,
  appUrl: app.env.APP_URL ?? 'http://localhost',
  outbox: (tx, input) => notify(app, tx, input),
  notified: (db, to, kind, record) => notified(app, db, to, kind, record),
});

/**
 * Issue 27: the monthly report (ADR 0165). The job's data may name a month (`{ month: 'YYYY-MM' }`, a
 * manual run or a test); the cron's has none, and means last month in Japan time. And the operators'
 * dashboard months (ADR 0168).
 */
export async function setupResults(app: FastifyInstance): Promise<void> {
  await app.jobs.work<{ month?: string }>(MONTHLY_REPORT_QUEUE, async (data, job) => {
    const month = typeof data.month === 'string' && /^\d{4}-\d{2}$/.test(data.month) ? data.month : undefined;
    const sent = await sendMonthlyReports(reportDeps(app), month);
    job.log.info(sent, 'monthly results reports queued');
  });
  await app.jobs.work(DASHBOARD_MONTHS_QUEUE, async () => {
    await new ResultsService(app.db).dashboard(0);
  });
  if (app.jobs.working) {
    await app.jobs.schedule(MONTHLY_REPORT_QUEUE, MONTHLY_REPORT_CRON);
    await app.jobs.schedule(DASHBOARD_MONTHS_QUEUE, DASHBOARD_MONTHS_CRON);
  }
}
