import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, rowsOf } from '../../server/platform/db/client.ts';
import { deriveKey } from '../../server/platform/keys.ts';
import {
  ClickRecorder,
  type CountableVisit,
  createShortLink,
  forgetCachedLinks,
  recordVisits,
  REPEAT_WINDOW_MS,
  type ShortLink,
  ShortLinkResolver,
} from '../../server/platform/short-links.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { DB_KINDS } from '../support/db.ts';

/**
 * Issue 17 "Add the hot paths: short-link redirect … click recording off the request path" (ADR 0151, 0152),
 * with issue 13's counting rules unchanged: a person's GET counts once an hour per IP + user agent, HEAD and
 * crawlers never. The redirect hands the click to the process's recorder and answers; the recorder writes
 * the buffered clicks in one transaction (every second, at 1,000 waiting, on flush and on close). A link
 * read is remembered a few seconds; a change made by the process applies at once.
 */
const BROWSER =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1';
const MINUTE = 60_000;

/** Holds every transaction of `db` until `open()`: the database write of a click waits, nothing else. */
function gateTransactions(db: Db) {
  const original = db.transaction.bind(db);
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let waiting = 0;
  (db as { transaction: unknown }).transaction = async (...args: Parameters<Db['transaction']>) => {
    waiting += 1;
    await gate;
    return original(...args);
  };
  return {
    get waiting() {
      return waiting;
    },
    open() {
      open();
      (db as { transaction: unknown }).transaction = original;
    },
  };
}

const clicksOf = async (db: Db, linkId: number) =>
  Number(
    rowsOf<{ n: number }>(
      await db.execute(
        sql`select coalesce(sum(clicks), 0)::int as n from short_link_clicks where link_id = ${linkId}`,
      ),
    )[0]!.n,
  );

describe('the click recorder without a database (ADR 0151)', () => {
  const key = deriveKey('x'.repeat(40), 'short-link-visitor');
  const visit = (ua: string, method = 'GET') => ({
    method,
    ip: '203.0.113.1',
    userAgent: ua,
    at: new Date(),
  });

  it('HEAD, bots and previewers never enter the buffer; a person’s GET does, hashed', () => {
    const recorder = new ClickRecorder({} as Db, key, { flushMs: 0 });
    expect(recorder.record(1, visit(BROWSER, 'HEAD'))).toBe(false);
    expect(recorder.record(1, visit('Twitterbot/1.0'))).toBe(false);
    expect(recorder.record(1, visit(''))).toBe(false);
    expect(recorder.pending).toBe(0);
    expect(recorder.record(1, visit(BROWSER))).toBe(true);
    expect(recorder.pending).toBe(1);
  });

  it('ADR 0197: a backlog is written two batches at once, never more; flush waits for every batch', async () => {
    let running = 0;
    let most = 0;
    let transactions = 0;
    const slow = {
      // A transaction that takes a while and writes nothing (recordVisits answers "not counted").
      transaction: async () => {
        running += 1;
        transactions += 1;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 20));
        running -= 1;
      },
    } as unknown as Db;
    // 45 visits in batches of 10: 5 transactions (the first starts when the tenth visit comes in).
    const batched = new ClickRecorder(slow, key, { flushMs: 0, batchSize: 10 });
    for (let i = 0; i < 45; i++) batched.record(1, { ...visit(BROWSER), ip: `198.51.100.${i}` });
    await batched.flush();
    expect(batched.pending).toBe(0);
    expect(running).toBe(0);
    expect(transactions).toBe(5);
    expect(most).toBe(2);
    // One writer when asked for one.
    most = 0;
    const single = new ClickRecorder(slow, key, { flushMs: 0, batchSize: 10, writers: 1 });
    for (let i = 0; i < 30; i++) single.record(1, { ...visit(BROWSER), ip: `198.51.100.${i}` });
    await single.flush();
    expect(single.pending).toBe(0);
    expect(most).toBe(1);
  });

  it('a failed write keeps the clicks for the next one; beyond maxPending the oldest are dropped and told', async () => {
    const errors: { pending: number; dropped: number }[] = [];
    const down = {
      transaction: async () => {
        throw new Error('database down');
      },
    } as unknown as Db;
    const recorder = new ClickRecorder(down, key, {
      flushMs: 0,
      batchSize: 100,
      maxPending: 3,
      onError: (_err, info) => errors.push(info),
    });
    recorder.record(1, visit(BROWSER));
    recorder.record(2, visit(BROWSER));
    await expect(recorder.flush()).rejects.toThrow('database down');
    expect(recorder.pending).toBe(2);
    recorder.record(3, visit(BROWSER));
    recorder.record(4, visit(BROWSER));
    await expect(recorder.flush()).rejects.toThrow('database down');
    expect(recorder.pending).toBe(3);
    expect(errors).toEqual([
      { pending: 2, dropped: 0 },
      { pending: 3, dropped: 1 },
    ]);
  });
});

for (const kind of DB_KINDS) {
  describe(`clicks are written off the redirect's path [${kind}]`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind);
    });
    afterAll(() => t.close());

    const visit = (code: string, ip: string, method: 'GET' | 'HEAD' = 'GET') =>
      t.app.inject({ method, url: `/s/${code}`, headers: { 'user-agent': BROWSER }, remoteAddress: ip });

    it(`the redirect answers while the click's database write waits; the click is counted once written [${kind}]`, async () => {
      const db = t.database.db;
      const link = await createShortLink(db, { targetUrl: 'https://example.com/a', purpose: 'unit' });
      // ADR 0209: the recorder writes on connections of its own (on PGlite, the app's one).
      const gate = gateTransactions(t.app.shortLinkClicks.writesTo);
      try {
        const first = await visit(link.code, '198.51.100.1');
        expect(first.statusCode).toBe(302);
        expect(first.headers.location).toBe('https://example.com/a');
        // A write of the buffer has started and cannot reach the database…
        const writing = t.app.shortLinkClicks.flush();
        expect(gate.waiting).toBeGreaterThan(0);
        // …and another person's redirect is answered all the same.
        const second = await visit(link.code, '203.0.113.2');
        expect(second.statusCode).toBe(302);
        expect(await clicksOf(db, link.id)).toBe(0);
        gate.open();
        await writing;
      } finally {
        gate.open();
      }
      await t.app.shortLinkClicks.flush();
      expect(await clicksOf(db, link.id)).toBe(2);
      // The same visitor again within the hour, and a HEAD: written, not counted.
      await visit(link.code, '198.51.100.1');
      await visit(link.code, '192.0.2.3', 'HEAD');
      await t.app.shortLinkClicks.flush();
      expect(await clicksOf(db, link.id)).toBe(2);
      const visitors = rowsOf(
        await db.execute(sql`select visitor from short_link_visitors where link_id = ${link.id}`),
      );
      // Two networks (other /24s: issue 24 pentest 5); no device cookie was sent.
      expect(visitors).toHaveLength(2);
      expect(JSON.stringify(visitors)).not.toContain('198.51.100');
    });

    it(`the one-hour rule holds within a batch, across batches and for racing batches [${kind}]`, async () => {
      const db = t.database.db;
      const link = await createShortLink(db, { targetUrl: 'https://example.com/b', purpose: 'unit' });
      const t0 = Date.parse('2026-11-20T03:00:00Z');
      const at = (minutes: number) => new Date(t0 + minutes * MINUTE);
      const v = (visitor: string, minutes: number): CountableVisit => ({
        linkId: link.id,
        visitor,
        at: at(minutes),
      });
      // A double click in one batch counts once; two visitors count twice.
      expect(await recordVisits(db, [v('a', 0), v('a', 0.1), v('b', 0.2)])).toEqual([true, false, true]);
      // 59 minutes after the count: not yet; 61 minutes after, in the same batch: counted, and the clock
      // of the hour restarts there (a visit 30 minutes later is a repeat).
      expect(await recordVisits(db, [v('a', 59), v('a', 61), v('a', 91)])).toEqual([false, true, false]);
      expect(await recordVisits(db, [v('a', 120)])).toEqual([false]);
      expect(await recordVisits(db, [v('a', 122)])).toEqual([true]);
      // Two processes writing the same visitor at once: counted once.
      const racing = await Promise.all([recordVisits(db, [v('c', 0)]), recordVisits(db, [v('c', 0.5)])]);
      expect(racing.flat().filter(Boolean)).toHaveLength(1);
      expect(await clicksOf(db, link.id)).toBe(5);
      // The per-day counts are Japan days: 03:00 UTC is noon in Tokyo, the same day.
      const days = rowsOf<{ day: string; clicks: number }>(
        await db.execute(
          sql`select day::text as day, clicks from short_link_clicks where link_id = ${link.id}`,
        ),
      );
      expect(days).toEqual([{ day: '2026-11-20', clicks: 5 }]);
      expect(REPEAT_WINDOW_MS).toBe(60 * MINUTE);
    });
  });

  it(`a remembered link answers without the database until a change of a link makes it forget [${kind}]`, async () => {
    const t = await createTestApp(kind);
    const resolver = new ShortLinkResolver(t.database.db, { ttlMs: 3_600_000 });
    try {
      const db = t.database.db;
      const link = await createShortLink(db, { targetUrl: 'https://example.com/old', purpose: 'shrinker' });
      expect(await resolver.resolve('UnknownCode1')).toBeNull();
      expect((await resolver.resolve(link.code))?.targetUrl).toBe('https://example.com/old');
      // Another process changes it: this one still answers what it read.
      await db.execute(
        sql`update short_links set target_url = 'https://example.com/new' where id = ${link.id}`,
      );
      expect((await resolver.resolve(link.code))?.targetUrl).toBe('https://example.com/old');
      // A change made through this process's engine (retarget, switch off/on) applies at once.
      forgetCachedLinks();
      expect((await resolver.resolve(link.code))?.targetUrl).toBe('https://example.com/new');
      // A link created after a miss is found at once (misses are not remembered).
      const later = await createShortLink(db, { targetUrl: 'https://example.com/later', purpose: 'unit' });
      expect((await resolver.resolve(later.code))?.id).toBe(later.id);
    } finally {
      resolver.close();
      await t.close();
    }
  });

  it(`remembers at most its maximum of links, keeping the ones clicked lately (ADR 0152) [${kind}]`, async () => {
    const t = await createTestApp(kind);
    const resolver = new ShortLinkResolver(t.database.db, { ttlMs: 3_600_000, max: 4 });
    try {
      const db = t.database.db;
      const links: ShortLink[] = [];
      for (let i = 0; i < 6; i += 1)
        links.push(await createShortLink(db, { targetUrl: `https://example.com/${i}`, purpose: 'unit' }));
      const targetOf = async (i: number) => (await resolver.resolve(links[i]!.code))?.targetUrl;
      // 0 and 1 fill the first half; 2 and 3 the second; 0 is clicked again, so it is kept.
      for (const i of [0, 1, 2, 3, 0]) await targetOf(i);
      await targetOf(4);
      await targetOf(5);
      expect(resolver.size).toBeLessThanOrEqual(4);
      await db.execute(sql`update short_links set target_url = target_url || '?changed'`);
      // Remembered: 0 (clicked lately) and the newest two answer from memory; 1 was forgotten and is read.
      expect(await targetOf(0)).toBe('https://example.com/0');
      expect(await targetOf(5)).toBe('https://example.com/5');
      expect(await targetOf(1)).toBe('https://example.com/1?changed');
      expect(resolver.size).toBeLessThanOrEqual(4);
    } finally {
      resolver.close();
      await t.close();
    }
  });

  it(`a graceful stop writes the buffered clicks [${kind}]`, async () => {
    const t = await createTestApp(kind);
    try {
      const link = await createShortLink(t.database.db, {
        targetUrl: 'https://example.com/c',
        purpose: 'unit',
      });
      const res = await t.app.inject({
        method: 'GET',
        url: `/s/${link.code}`,
        headers: { 'user-agent': BROWSER },
        remoteAddress: '192.0.2.10',
      });
      expect(res.statusCode).toBe(302);
      expect(t.app.shortLinkClicks.pending).toBe(1);
      await t.app.close();
      expect(await clicksOf(t.database.db, link.id)).toBe(1);
    } finally {
      await t.database.close();
    }
  });
}

describe.runIf(DB_KINDS.includes('postgres'))('ADR 0209: the click writer has connections of its own', () => {
  it('a batch is written while every connection of the requests is taken', async () => {
    const t = await createTestApp('postgres');
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const holders: Promise<unknown>[] = [];
    try {
      const link = await createShortLink(t.app.db, {
        targetUrl: 'https://example.com/held',
        purpose: 'unit',
      });
      // Every connection of the app's pool inside a transaction that waits (the requests of a busy moment).
      const pool = t.database.pool! as NonNullable<TestApp['database']['pool']> & {
        options: { max: number };
      };
      while (pool.totalCount < pool.options.max || pool.idleCount > 0) {
        let entered!: () => void;
        const inside = new Promise<void>((resolve) => (entered = resolve));
        holders.push(
          t.app.db.transaction(async (tx) => {
            await tx.execute(sql`select 1`);
            entered();
            await released;
          }),
        );
        await inside;
      }
      // Every connection is held (a background task of the app may queue behind them too: a flake of CI
      // once asserted that no one waited).
      expect(pool.totalCount).toBe(pool.options.max);
      expect(pool.idleCount).toBe(0);
      t.app.shortLinkClicks.record(link.id, {
        method: 'GET',
        ip: '198.51.100.9',
        userAgent: BROWSER,
        at: new Date(),
      });
      // Without connections of its own the write would wait for one of the held ones: for ever, here.
      const written = await Promise.race([
        t.app.shortLinkClicks.flush().then(() => 'written'),
        new Promise((resolve) => setTimeout(() => resolve('still waiting'), 15_000)),
      ]);
      expect(written).toBe('written');
      release();
      await Promise.all(holders);
      expect(await clicksOf(t.app.db, link.id)).toBe(1);
    } finally {
      release();
      await Promise.allSettled(holders);
      await t.close();
    }
  });
});

describe.runIf(DB_KINDS.includes('postgres'))('ADR 0212: the click windows write no log', () => {
  it('the one-hour rule and the burst sums are unlogged, keyed byte by byte, pruned by a block range index', async () => {
    const t = await createTestApp('postgres');
    try {
      const tables = rowsOf<{ name: string; persistence: string }>(
        await t.app.db.execute(sql`
          select relname as name, relpersistence as persistence from pg_class
          where relname in ('short_link_visitors', 'short_link_net_clicks', 'short_link_clicks') order by relname`),
      );
      // The counts stay logged: only the two windows start empty after a crash.
      expect(tables).toEqual([
        { name: 'short_link_clicks', persistence: 'p' },
        { name: 'short_link_net_clicks', persistence: 'u' },
        { name: 'short_link_visitors', persistence: 'u' },
      ]);
      const keys = rowsOf<{ column: string; collation: string }>(
        await t.app.db.execute(sql`
          select column_name as column, collation_name as collation from information_schema.columns
          where (table_name, column_name) in (('short_link_visitors', 'visitor'), ('short_link_net_clicks', 'network'))
          order by column_name`),
      );
      expect(keys).toEqual([
        { column: 'network', collation: 'C' },
        { column: 'visitor', collation: 'C' },
      ]);
      const methods = rowsOf<{ index: string; method: string }>(
        await t.app.db.execute(sql`
          select i.relname as index, a.amname as method from pg_index x
          join pg_class i on i.oid = x.indexrelid join pg_class r on r.oid = x.indrelid join pg_am a on a.oid = i.relam
          where r.relname in ('short_link_visitors', 'short_link_net_clicks') order by i.relname`),
      );
      expect(methods).toEqual([
        { index: 'short_link_net_clicks_minute_idx', method: 'brin' },
        { index: 'short_link_net_clicks_pkey', method: 'btree' },
        { index: 'short_link_visitors_counted_idx', method: 'brin' },
        { index: 'short_link_visitors_link_id_visitor_pk', method: 'btree' },
      ]);
      // The one-hour rule still holds through the new key's comparison.
      const link = await createShortLink(t.app.db, {
        targetUrl: 'https://example.com/unlogged',
        purpose: 'unit',
      });
      const at = new Date();
      const v = (visitor: string, offset: number): CountableVisit => ({
        linkId: link.id,
        visitor,
        at: new Date(at.getTime() + offset),
      });
      expect(await recordVisits(t.app.db, [v('ab', 0), v('AB', 1), v('ab', 2)])).toEqual([true, true, false]);
    } finally {
      await t.close();
    }
  });
});
