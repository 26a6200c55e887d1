import { PLATFORM_LABELS, type Platform } from '../../../contracts/advertisements.ts';
import {
  CLICK_PLATFORM_LABELS,
  CLICK_PLATFORMS,
  DEVICE_LABELS,
  formatMonth,
  formatRate,
  MONTHLY_REPORT as R,
  type Results,
  RESULTS_CSV as H,
} from '../../../contracts/results.ts';
import { now } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/client.ts';
import type { Outbox, Recipient } from '../../platform/notify/outbox.ts';
import { jpText as platformJpText, renderPdf } from '../../platform/pdf.ts';
import { tokyoDay } from '../../platform/short-links.ts';
import * as repo from './repo.ts';
import { addDays, addMonths, ResultsService } from './service.ts';

/**
 * Issue 27 "For shops": the monthly report. On the 1st of each month (pg-boss cron, Japan time) every shop
 * with a request live in the month before gets that month's results by mail, once per member of its
 * company, with a one-page PDF: the month's figures and the chart of clicks per day by referrer platform,
 * drawn with pdfkit's vector API in Noto Sans JP. Each mail's outbox key is (shop, month, member), so a
 * second run (a retry, a restarted cron, a manual run) sends nothing twice.
 */
export const MONTHLY_REPORT_QUEUE = 'results.monthly-report';
/** At 09:00 on the 1st (Japan time): after the night's jobs, when the owner reads mail. */
export const MONTHLY_REPORT_CRON = '0 9 1 * *';

/** The report is one outbox mail per member, shop and month (issue 26). */
export const REPORT_KIND = 'mail.results_monthly_report';
export const reportRecord = (shopId: number, month: string) => `results-report:${shopId}:${month}`;

const count = (n: number) => n.toLocaleString('ja-JP');
const yen = (n: number | null) => (n === null ? '—' : `${n.toLocaleString('ja-JP')}円`);

/** What the monthly report needs (issue 28: a deps object, built in setup.ts from the app). */
export interface ReportDeps {
  db: Db;
  /** The service's address, for the link to /results in the mail. */
  appUrl: string;
  /** The one outbox (issue 26): `notify` bound to the app. */
  outbox: Outbox;
  /** Whether a message of `kind` about `record` was already written for the person (`notified`). */
  notified: (db: Db, to: Recipient, kind: string, record: string) => Promise<boolean>;
}

/** Sends the reports of `month` (YYYY-MM; by default last month in Japan time). Answers what it queued. */
export async function sendMonthlyReports(
  deps: ReportDeps,
  month: string = addMonths(tokyoDay(now()).slice(0, 7), -1),
): Promise<{ month: string; shops: number; mails: number }> {
  const { db } = deps;
  const from = `${month}-01`;
  const to = addDays(`${addMonths(month, 1)}-01`, -1);
  const service = new ResultsService(db);
  let shops = 0;
  let mails = 0;
  for (const shop of await repo.activeShops(db, from, to)) {
    const members = await repo.reportRecipients(db, shop.id);
    const due: typeof members = [];
    for (const m of members)
      if (!(await deps.notified(db, m.userId, REPORT_KIND, reportRecord(shop.id, month)))) due.push(m);
    if (!due.length) continue;
    const results = await service.figures(shop, null, from, to);
    const pdf = (await monthlyReportPdf(results, month)).toString('base64');
    const url = new URL('/results', deps.appUrl).toString();
    await db.transaction(async (tx) => {
      for (const m of due)
        await deps.outbox(tx, {
          to: m.userId,
          kind: REPORT_KIND,
          record: reportRecord(shop.id, month),
          path: '/results',
          mail: {
            kind: 'results-monthly-report',
            subject: R.subject(shop.name, month),
            text: R.body({
              name: m.name,
              shop: shop.name,
              month,
              clicks: `${count(results.total_clicks)}回`,
              approved: `${count(results.funnel.approved)}件`,
              billed: yen(results.cost.billed),
              url,
            }),
            attachments: [
              { filename: R.filename(shop.id, month), contentType: 'application/pdf', content: pdf },
            ],
          },
        });
    });
    shops += 1;
    mails += due.length;
  }
  return { month, shops, mails };
}

/* ------------------------------------------------------------------ the PDF */

/** One line, never wrapped (the layout places every line itself), 10 pt unless given. */
const jpText: typeof platformJpText = (doc, text, x, y, options = {}) =>
  platformJpText(doc, text, x, y, { lineBreak: false, size: 10, ...options });

/**
 * The platforms' fills: colours of distinct lightness, and a hatch on every other one, so that the bars read
 * in greyscale too (as on the screen, issue 27 "How").
 */
const LOOKS: { color: string; hatch: boolean }[] = [
  { color: '#1d4ed8', hatch: false },
  { color: '#c2410c', hatch: true },
  { color: '#047857', hatch: false },
  { color: '#7e22ce', hatch: true },
  { color: '#525252', hatch: false },
  { color: '#a16207', hatch: true },
  { color: '#9ca3af', hatch: false },
];

function niceStep(max: number): number {
  const rough = Math.max(1, max / 4);
  const power = 10 ** Math.floor(Math.log10(rough));
  return [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power;
}

/** A filled box, hatched when the look says so. */
function box(doc: PDFKit.PDFDocument, x: number, y: number, w: number, h: number, k: number) {
  const look = LOOKS[k % LOOKS.length]!;
  if (h <= 0 || w <= 0) return;
  if (!look.hatch) {
    doc.rect(x, y, w, h).fill(look.color);
    return;
  }
  doc.save();
  doc.rect(x, y, w, h).fillAndStroke('#ffffff', look.color);
  doc.rect(x, y, w, h).clip();
  doc.lineWidth(1.2).strokeColor(look.color);
  for (let d = -h; d < w; d += 3.5)
    doc
      .moveTo(x + d, y + h)
      .lineTo(x + d + h, y)
      .stroke();
  doc.restore();
}

/** Clicks per day stacked by referrer platform, with its axis, its day labels and its legend. */
function drawChart(
  doc: PDFKit.PDFDocument,
  r: Results,
  left: number,
  top: number,
  width: number,
  height: number,
) {
  const pad = { left: 34, bottom: 16 };
  const inner = { x: left + pad.left, w: width - pad.left, h: height - pad.bottom };
  const totals = r.series.map((d) => d.clicks);
  const max = Math.max(1, ...totals);
  const step = niceStep(max);
  const topValue = Math.ceil(max / step) * step;
  const y = (v: number) => top + inner.h - (v / topValue) * inner.h;
  doc.lineWidth(0.5);
  for (let v = 0; v <= topValue; v += step) {
    doc
      .moveTo(inner.x, y(v))
      .lineTo(inner.x + inner.w, y(v))
      .strokeColor(v === 0 ? '#6b7280' : '#e5e7eb')
      .stroke();
    doc.fillColor('#4b5563');
    jpText(doc, count(v), left, y(v) - 4, { size: 7, width: pad.left - 6, align: 'right' });
  }
  const slot = inner.w / Math.max(1, r.series.length);
  const barW = Math.max(2, Math.min(14, slot * 0.7));
  r.series.forEach((d, i) => {
    const x = inner.x + i * slot + (slot - barW) / 2;
    let base = 0;
    CLICK_PLATFORMS.forEach((p, k) => {
      const v = d.by_platform[p];
      if (!v) return;
      box(doc, x, y(base + v), barW, y(base) - y(base + v), k);
      base += v;
    });
    const dayOfMonth = Number(d.date.slice(8, 10));
    if (dayOfMonth === 1 || dayOfMonth % 5 === 0) {
      doc.fillColor('#374151');
      jpText(doc, `${dayOfMonth}日`, x + barW / 2 - 12, top + inner.h + 4, {
        size: 7,
        width: 24,
        align: 'center',
      });
    }
  });
  if (r.total_clicks === 0) {
    doc.fillColor('#4b5563');
    jpText(doc, R.noClicks, inner.x, top + inner.h / 2 - 6, { size: 10, width: inner.w, align: 'center' });
  }
  // Legend: the platforms that have clicks this month.
  let lx = inner.x;
  const ly = top + height + 8;
  CLICK_PLATFORMS.forEach((p, k) => {
    if (!r.platforms.find((q) => q.platform === p)?.clicks) return;
    const label = CLICK_PLATFORM_LABELS[p];
    box(doc, lx, ly, 9, 9, k);
    doc.fillColor('#111827');
    jpText(doc, label, lx + 12, ly - 1, { size: 8 });
    lx += 12 + doc.widthOfString(label) + 14;
  });
}

/** A row of figure boxes: a label above, the figure below. */
function figureBoxes(
  doc: PDFKit.PDFDocument,
  items: [string, string][],
  left: number,
  top: number,
  width: number,
) {
  const gap = 8;
  const w = (width - gap * (items.length - 1)) / items.length;
  items.forEach(([label, value], i) => {
    const x = left + i * (w + gap);
    doc.lineWidth(0.75).roundedRect(x, top, w, 48, 4).stroke('#d1d5db');
    doc.fillColor('#4b5563');
    jpText(doc, label, x + 8, top + 7, { size: 8 });
    doc.fillColor('#111827');
    jpText(doc, value, x + 8, top + 21, { size: 15, weight: 700 });
  });
}

/** A small table: a heading row, then rows; the numbers right-aligned. */
function table(
  doc: PDFKit.PDFDocument,
  title: string,
  columns: { label: string; width: number; right?: boolean }[],
  rows: string[][],
  left: number,
  top: number,
): number {
  doc.fillColor('#111827');
  jpText(doc, title, left, top, { size: 11, weight: 700 });
  let y = top + 18;
  const line = (cells: string[], bold: boolean) => {
    let x = left;
    cells.forEach((c, i) => {
      const col = columns[i]!;
      jpText(doc, c, x + 2, y, {
        size: 8.5,
        width: col.width - 6,
        align: col.right ? 'right' : 'left',
        ...(bold ? { weight: 700 } : {}),
      });
      x += col.width;
    });
    y += 14;
    const total = columns.reduce((s, c) => s + c.width, 0);
    doc
      .lineWidth(0.5)
      .moveTo(left, y - 3)
      .lineTo(left + total, y - 3)
      .stroke('#e5e7eb');
  };
  line(
    columns.map((c) => c.label),
    true,
  );
  for (const r of rows) line(r, false);
  return y;
}

/** The one-page PDF of a shop's month. */
export function monthlyReportPdf(r: Results, month: string): Promise<Buffer> {
  return renderPdf(
    {
      size: 'A4',
      margin: 40,
      info: {
        Title: `${R.title} ${r.shop.name} ${formatMonth(month)}`,
        Author: 'Focustar',
        Subject: `${r.shop.name} ${formatMonth(month)}`,
      },
    },
    (doc) => {
      const left = 40;
      const width = doc.page.width - 80;
      const share = (n: number) => (r.total_clicks ? `${Math.round((n / r.total_clicks) * 100)}%` : '—');
      doc.fillColor('#be185d');
      jpText(doc, R.title, left, 40, { size: 11, weight: 700 });
      doc.fillColor('#111827');
      jpText(doc, r.shop.name, left, 58, { size: 18, weight: 700 });
      jpText(
        doc,
        `${formatMonth(month)}（${Number(r.from.slice(8))}日〜${Number(r.to.slice(8))}日）`,
        left,
        86,
        { size: 11 },
      );
      figureBoxes(
        doc,
        [
          [H.clicks, `${count(r.total_clicks)}回`],
          ['承認した投稿', `${count(r.funnel.approved)}件`],
          [H.billed, yen(r.cost.billed)],
          [H.perClick, yen(r.cost.per_click)],
        ],
        left,
        110,
        width,
      );
      jpText(doc, R.chart, left, 176, { size: 11, weight: 700 });
      drawChart(doc, r, left, 198, width, 200);
      const half = (width - 20) / 2;
      const col2 = left + half + 20;
      const f = r.funnel;
      const y1 = table(
        doc,
        H.funnel,
        [
          { label: '項目', width: half * 0.4 },
          { label: '件数', width: half * 0.25, right: true },
          { label: '割合', width: half * 0.35, right: true },
        ],
        [
          [H.offered, `${count(f.offered)}件`, ''],
          [H.accepted, `${count(f.accepted)}件`, `${H.acceptanceRate} ${formatRate(f.acceptance_rate)}`],
          [H.posted, `${count(f.posted)}件`, ''],
          [H.approved, `${count(f.approved)}件`, `${H.approvalRate} ${formatRate(f.approval_rate)}`],
        ],
        left,
        432,
      );
      table(
        doc,
        H.cost,
        [
          { label: '項目', width: half * 0.55 },
          { label: '金額', width: half * 0.45, right: true },
        ],
        [
          [H.billed, yen(r.cost.billed)],
          [H.perPost, yen(r.cost.per_approved_post)],
          [H.perClick, yen(r.cost.per_click)],
        ],
        col2,
        432,
      );
      const y2 = table(
        doc,
        H.platforms,
        [
          { label: H.platform, width: half * 0.5 },
          { label: H.clicks, width: half * 0.25, right: true },
          { label: H.share, width: half * 0.25, right: true },
        ],
        r.platforms
          .filter((p) => p.clicks > 0)
          .map((p) => [CLICK_PLATFORM_LABELS[p.platform], count(p.clicks), share(p.clicks)]),
        left,
        y1 + 14,
      );
      table(
        doc,
        H.devices,
        [
          { label: '端末', width: half * 0.5 },
          { label: H.clicks, width: half * 0.25, right: true },
          { label: H.share, width: half * 0.25, right: true },
        ],
        r.devices
          .filter((d) => d.clicks > 0)
          .map((d) => [DEVICE_LABELS[d.device], count(d.clicks), share(d.clicks)]),
        col2,
        y1 + 14,
      );
      // The most clicked posts, as many as the page holds (the screen and the CSV have them all).
      const room = Math.max(0, Math.floor((doc.page.height - 70 - (y2 + 32)) / 14));
      const posts = r.posts.slice(0, Math.min(8, room));
      if (posts.length)
        table(
          doc,
          `${H.posts}（クリック数の多い順）`,
          [
            { label: H.supporter, width: width * 0.35 },
            { label: H.platform, width: width * 0.2 },
            { label: H.postedOn, width: width * 0.25 },
            { label: H.clicks, width: width * 0.2, right: true },
          ],
          posts.map((p) => [
            p.supporter_name,
            PLATFORM_LABELS[p.platform as Platform] ?? p.platform,
            p.posted_on ?? '—',
            count(p.clicks),
          ]),
          left,
          y2 + 14,
        );
      doc.fillColor('#6b7280');
      jpText(doc, R.footer, left, doc.page.height - 56, { size: 7.5 });
    },
  );
}
