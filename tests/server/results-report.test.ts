import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMonth, MONTHLY_REPORT } from '../../contracts/results.ts';
import { rowsOf } from '../../server/platform/db/client.ts';
import { deriveKey } from '../../server/platform/keys.ts';
import { countableVisit, createShortLink, recordVisits } from '../../server/platform/short-links.ts';
import { MONTHLY_REPORT_QUEUE, sendMonthlyReports } from '../../server/features/results/report.ts';
import { reportDeps } from '../../server/features/results/setup.ts';
import type { TestApp } from '../support/app.ts';
import { DB_KINDS } from '../support/db.ts';
import { type CapturedMail, type MailCatcher, startMailCatcher } from '../support/mail.ts';
import { createAccountsApp } from './helpers.ts';

/**
 * Issue 27 "For shops" (product design section 8 "Results for shops"): on the 1st of each month every shop
 * active the month before gets its report by mail with a one-page PDF. The job runs here for a generated
 * month (its clicks through the real click writer) against a local SMTP server: one mail per member of the
 * shop's company, each with the PDF; the other shops, not active that month, get none; a second run sends
 * nothing more.
 */
const MONTH = '2025-06';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1';
const PC = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36';

/** The MIME parts of a multipart mail: each one's headers (unfolded) and its decoded bytes. */
function mimeParts(mail: CapturedMail): { headers: string; bytes: Buffer }[] {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(mail.raw)?.[1];
  if (!boundary) return [];
  return mail.raw
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((part) => {
      const [head = '', ...body] = part.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
      const headers = head.replace(/\r?\n[ \t]+/g, ' ');
      const raw = body.join('\n\n');
      const encoding = /Content-Transfer-Encoding: *(\S+)/i.exec(headers)?.[1]?.toLowerCase();
      const bytes =
        encoding === 'base64'
          ? Buffer.from(raw.replace(/\s+/g, ''), 'base64')
          : encoding === 'quoted-printable'
            ? Buffer.from(
                raw
                  .replace(/=\r?\n/g, '')
                  .replace(/=([0-9A-F]{2})/gi, (_m, h: string) =>
                    String.fromCharCode(Number.parseInt(h, 16)),
                  ),
                'latin1',
              )
            : Buffer.from(raw, 'utf8');
      return { headers, bytes };
    });
}

const textOf = (mail: CapturedMail) =>
  mimeParts(mail)
    .find((p) => /Content-Type: text\/plain/i.test(p.headers))
    ?.bytes.toString('utf8') ?? mail.text;
const pdfPart = (mail: CapturedMail) =>
  mimeParts(mail).find((p) => /Content-Type: application\/pdf/i.test(p.headers)) ?? null;

/**
 * The PDF's literal strings that pdfkit writes in UTF-16 (the document information: title, subject). The
 * page's own text is set in subset fonts as glyph ids, which only a PDF reader's text layer turns back.
 */
function pdfInfoStrings(pdf: Buffer): string[] {
  const text = pdf.toString('latin1');
  const out: string[] = [];
  for (const m of text.matchAll(/\((\xfe\xff(?:\\.|[^\\)])*)\)/g)) {
    const raw = m[1]!.replace(/\\([nrtbf()\\]|[0-7]{1,3})/g, (_x, e: string) =>
      /^[0-7]+$/.test(e)
        ? String.fromCharCode(Number.parseInt(e, 8))
        : (({ n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' } as Record<string, string>)[e] ?? e),
    );
    const bytes = Buffer.from(raw.slice(2), 'latin1');
    out.push(bytes.swap16().toString('utf16le'));
  }
  return out;
}

for (const kind of DB_KINDS) {
  describe(`issue 27 the monthly report [${kind}]`, () => {
    let t: TestApp;
    let mail: MailCatcher;
    let cafe: { id: number; name: string; company: number };
    let members: string[];
    const rows = async (q: SQL) => rowsOf(await t.database.db.execute(q));

    beforeAll(async () => {
      mail = await startMailCatcher();
      t = await createAccountsApp(kind, { SMTP_URL: mail.smtpUrl });
      const db = t.database.db;
      const [shop] = await rows(sql`select id, name, company_id from shops where screen_name = 'demo-cafe'`);
      cafe = { id: Number(shop!.id), name: String(shop!.name), company: Number(shop!.company_id) };
      // A second member of the shop's company, so that "one mail per member" means two.
      await db.execute(sql`
        insert into company_members (company_id, user_id, role)
        select ${cafe.company}, id, 'member' from users where email = 'pending-owner@example.com'
        on conflict do nothing`);
      members = (
        await rows(sql`
          select u.email from company_members cm join users u on u.id = cm.user_id
          where cm.company_id = ${cafe.company} and u.email is not null and u.deleted_at is null order by u.email`)
      ).map((r) => String(r.email));
      // A generated month: one request live in June 2025 with two approved posts, its clicks written by the
      // real click writer. No other shop has a request that month.
      const supporters = (
        await rows(
          sql`select id from users where email like 'fan%' or email = 'supporter@example.com' order by id limit 2`,
        )
      ).map((u) => Number(u.id));
      const [ad] = await rows(sql`
        insert into advertisements (shop_id, status, text, platforms, units, reward, starts_on, ends_on, approved_at, ended_at)
        values (${cafe.id}, '終了', '#PR 月次レポートの依頼', '["x","instagram"]'::jsonb, 2, 200, '2025-06-05', '2025-06-25',
                '2025-06-01T01:00:00Z', '2025-06-26T01:00:00Z')
        returning id`);
      const links: number[] = [];
      for (const [i, userId] of supporters.entries()) {
        const link = await createShortLink(db, { targetUrl: '/demo-cafe', purpose: 'unit' });
        links.push(link.id);
        await db.execute(sql`
          insert into units (advertisement_id, user_id, status, reward, platform, short_link_id, offered_at, expires_at,
            accepted_at, posted_at, judged_at, post_url)
          values (${Number(ad!.id)}, ${userId}, 'approved', 200, ${i ? 'instagram' : 'x'}, ${link.id},
            '2025-06-05T01:00:00Z', '2025-06-25T14:59:59Z', '2025-06-05T03:00:00Z', '2025-06-06T03:00:00Z',
            '2025-06-07T03:00:00Z', ${`https://x.com/report${i}/status/${2000 + i}`})`);
      }
      const key = deriveKey(t.env.APP_SECRET, 'results-report-test');
      const referrers = ['https://t.co/abc', 'https://www.instagram.com/', undefined];
      const visits = [];
      for (let i = 0; i < 200; i += 1) {
        const at = new Date(Date.parse('2025-06-05T00:00:00+09:00') + ((i * 7919) % (20 * 24)) * 3_600_000);
        const visit = countableVisit(
          links[i % 2]!,
          {
            method: 'GET',
            ip: `10.2.${i % 250}.${i % 5}`,
            userAgent: i % 3 ? IPHONE : PC,
            referrer: referrers[i % 3],
            at,
          },
          key,
        );
        if (visit) visits.push(visit);
      }
      await recordVisits(db, visits);
    });
    afterAll(async () => {
      await t?.close();
      await mail?.stop();
    });

    /** Until no job of the report is waiting or running, and no due delivery of the outbox (issue 26, ADR 0206). */
    async function settled() {
      for (let i = 0; i < 200; i += 1) {
        const [r] = await rows(sql`
          select (select count(*)::int from pgboss.job
                   where name = ${MONTHLY_REPORT_QUEUE} and state::text in ('created', 'retry', 'active'))
               + (select count(*)::int from notification_deliveries
                   where status = 'pending' and (not_before is null or not_before <= now())) as n`);
        if (Number(r!.n) === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error('the report jobs did not finish');
    }

    it('issue 27 "For shops": the job mails each member of an active shop the month\'s report with its one-page PDF, once', async () => {
      expect(members.length).toBe(2);
      // Run twice at once (a retried cron beside a manual run): the outbox key (shop, month, member) sends once.
      await t.app.jobs.send(MONTHLY_REPORT_QUEUE, { month: MONTH });
      await t.app.jobs.send(MONTHLY_REPORT_QUEUE, { month: MONTH });
      const got = await Promise.all(members.map((m) => mail.waitFor(m, { timeoutMs: 30_000 })));
      await settled();
      const reports = mail.messages.filter((m) => m.subject === MONTHLY_REPORT.subject(cafe.name, MONTH));
      expect(reports.map((m) => m.to.join(',')).sort()).toEqual(members);
      // Nobody else got a report of that month (no other shop had a request live in it).
      expect(mail.messages.filter((m) => m.subject.includes(formatMonth(MONTH))).length).toBe(members.length);

      for (const m of got) {
        expect(m.subject).toBe(`【Focustar】${cafe.name}の2025年6月の拡散の成果`);
        expect(textOf(m)).toContain(`${cafe.name}の2025年6月の拡散の成果をお知らせします。`);
        const clicks = Number(
          (
            await rows(sql`
            select coalesce(sum(c.clicks), 0)::int as n from units u join short_link_clicks c on c.link_id = u.short_link_id
            join advertisements a on a.id = u.advertisement_id
            where a.shop_id = ${cafe.id} and c.day between '2025-06-01' and '2025-06-30'`)
          )[0]!.n,
        );
        expect(clicks).toBeGreaterThan(0);
        expect(textOf(m)).toContain(`クリック数：${clicks.toLocaleString('ja-JP')}回`);
        expect(textOf(m)).toContain('承認した投稿：2件');
        const part = pdfPart(m);
        expect(part, 'the mail carries a PDF').not.toBeNull();
        expect(part!.headers).toMatch(new RegExp(`filename="?focustar-report-${cafe.id}-${MONTH}\\.pdf`));
        const pdf = part!.bytes;
        expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
        // One page.
        expect(pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g)?.length).toBe(1);
        // It names the shop and the month (its title), and embeds Noto Sans JP for the page's Japanese text.
        const info = pdfInfoStrings(pdf);
        expect(info.some((s) => s.includes(cafe.name) && s.includes('2025年6月'))).toBe(true);
        expect(pdf.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansJP/);
        // The chart is drawn with vector paths (rectangles of the bars), not an image.
        expect(pdf.toString('latin1')).not.toMatch(/\/Subtype \/Image/);
      }

      // A third run finds every key sent and queues nothing.
      const again = await sendMonthlyReports(reportDeps(t.app), MONTH);
      expect(again).toEqual({ month: MONTH, shops: 0, mails: 0 });
      await settled();
      expect(mail.messages.filter((m) => m.subject === MONTHLY_REPORT.subject(cafe.name, MONTH)).length).toBe(
        2,
      );
    });

    it('issue 27: by default the job reports last month in Japan time', async () => {
      const { month } = await sendMonthlyReports(reportDeps(t.app));
      const tokyo = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo' })
        .format(new Date())
        .slice(0, 7);
      const [y, m] = tokyo.split('-').map(Number) as [number, number];
      expect(month).toBe(new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 7));
    });
  });
}
