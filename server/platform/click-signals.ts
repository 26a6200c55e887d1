import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from './db/client.ts';
import { raiseFraudFlag, SHARED_WINDOW_MS } from './fraud-signals.ts';
import { hmac } from './keys.ts';
import type { CountableVisit } from './short-links.ts';

/**
 * The fraud signals of clicks (issue 24, ADR 0164): `self_click` and `click_burst`, decided by the click
 * writer in the transaction of its batch (server/platform/short-links.ts `recordVisits`), never on the
 * redirect. The redirect only adds two keyed hashes to the buffered visit (its device as `user_devices`
 * keeps it, its address as `user_ips` keeps it) and keeps its network in memory until the write.
 */

/** More than this many clicks on one unit's link from one network within BURST_WINDOW_MS is a burst. */
export const BURST_CLICKS = 30;
export const BURST_WINDOW_MS = 10 * 60 * 1000;

/** How the redirect's process hashes what the signals compare (keys derived from APP_SECRET). */
export interface ClickSignals {
  /** The keyed hash of a device cookie, as `user_devices` keeps it (server/platform/device.ts). */
  deviceHash(deviceId: string): string;
  /** The keyed hash of an address, as `user_ips` keeps it (`signalIpHash`). */
  ipHash(ip: string): string;
}

interface LinkUnit {
  unitId: number;
  userId: number;
}

export interface OwnClicks {
  /** Per visit: the supporter's own click (never counted). */
  own: boolean[];
  /** The unit and supporter of each unit link of the batch. */
  units: Map<number, LinkUnit>;
  /** Per unit: the own clicks of the batch and how they were recognised. */
  perUnit: Map<number, { userId: number; clicks: number; byDevice: number; byIp: number }>;
}

/**
 * One query for the batch: the unit (and supporter) behind each unit link, and for each visit whether its
 * device has logged in to that supporter's account, or its address is one they signed in from within
 * SHARED_WINDOW_MS (primary-key lookups of `user_devices` and `user_ips`).
 */
export async function ownClicks(tx: Db, visits: readonly CountableVisit[]): Promise<OwnClicks> {
  const out: OwnClicks = { own: visits.map(() => false), units: new Map(), perUnit: new Map() };
  if (!visits.length) return out;
  const rows = rowsOf<{
    i: number;
    link_id: number;
    unit_id: number;
    user_id: number;
    by_device: boolean;
    by_ip: boolean;
  }>(
    await tx.execute(sql`
      select v.i, v.link_id, u.id as unit_id, u.user_id,
        (v.device is not null and exists (select 1 from user_devices d
          where d.user_id = u.user_id and d.device_hash = v.device)) as by_device,
        (v.ip is not null and exists (select 1 from user_ips p
          where p.user_id = u.user_id and p.ip_hash = v.ip
            and p.last_seen_at > v.at - make_interval(secs => ${SHARED_WINDOW_MS / 1000}))) as by_ip
      from json_to_recordset(${JSON.stringify(
        visits.map((v, i) => ({
          i,
          link_id: v.linkId,
          device: v.signInDevice ?? null,
          ip: v.signInIp ?? null,
          at: v.at.toISOString(),
        })),
      )}::json) as v(i int, link_id int, device text, ip text, at timestamptz)
      join units u on u.short_link_id = v.link_id
      where u.user_id is not null`),
  );
  for (const row of rows) {
    const unit = { unitId: Number(row.unit_id), userId: Number(row.user_id) };
    out.units.set(Number(row.link_id), unit);
    if (!row.by_device && !row.by_ip) continue;
    const i = Number(row.i);
    if (out.own[i]) continue;
    out.own[i] = true;
    const entry = out.perUnit.get(unit.unitId) ?? { userId: unit.userId, clicks: 0, byDevice: 0, byIp: 0 };
    entry.clicks += 1;
    if (row.by_device) entry.byDevice += 1;
    if (row.by_ip) entry.byIp += 1;
    out.perUnit.set(unit.unitId, entry);
  }
  return out;
}

/** A `self_click` flag per unit with own clicks in the batch (count: the clicks). */
export async function raiseSelfClicks(tx: Db, own: OwnClicks): Promise<void> {
  for (const [unitId, e] of [...own.perUnit].sort((a, b) => a[0] - b[0])) {
    const via = [e.byDevice ? 'ログインした端末' : '', e.byIp ? '24時間以内にログインしたIPアドレス' : '']
      .filter(Boolean)
      .join('・');
    await raiseFraudFlag(tx, {
      kind: 'self_click',
      userId: e.userId,
      subject: `unit:${unitId}`,
      ids: [unitId],
      times: e.clicks,
      extra: {
        summary: `支援者本人の${via}から自分のリンクがクリックされました（クリック数には数えていません）`,
      },
    });
  }
}

/**
 * `click_burst`: adds the batch's clicks on unit links, per link, network (keyed hash) and minute, to
 * `short_link_net_clicks`, then reads the sums of the last BURST_WINDOW_MS for the networks it touched; a
 * sum above BURST_CLICKS flags the unit's supporter (subject `unit:<id>:net:<hash prefix>`).
 *
 * Every click that reaches the writer is summed (a person's GET, not a bot, not the supporter's own), not
 * only those the one-hour rule counted: since issue 24 pentest 5 a network counts at most once an hour per
 * browser family, so more than 30 counted clicks from one network in ten minutes cannot happen, while 30
 * requests of one link from one network in ten minutes is exactly the pattern to review.
 */
export async function clickBursts(
  tx: Db,
  visits: readonly CountableVisit[],
  own: OwnClicks,
  networkKey: Buffer,
): Promise<void> {
  const perMinute = new Map<string, { link_id: number; network: string; minute: string; clicks: number }>();
  const hashes = new Map<string, string>();
  visits.forEach((v, i) => {
    if (own.own[i] || !v.network || !own.units.has(v.linkId)) return;
    let network = hashes.get(v.network);
    if (!network) {
      network = hmac(networkKey, `burst\n${v.network}`);
      hashes.set(v.network, network);
    }
    const minute = new Date(Math.floor(v.at.getTime() / 60_000) * 60_000).toISOString();
    const key = `${v.linkId}\n${network}\n${minute}`;
    const entry = perMinute.get(key);
    if (entry) entry.clicks += 1;
    else perMinute.set(key, { link_id: v.linkId, network, minute, clicks: 1 });
  });
  if (!perMinute.size) return;
  const rows = [...perMinute.values()].sort(
    (a, b) =>
      a.link_id - b.link_id ||
      (a.network < b.network ? -1 : a.network > b.network ? 1 : 0) ||
      (a.minute < b.minute ? -1 : a.minute > b.minute ? 1 : 0),
  );
  const data = JSON.stringify(rows);
  await tx.execute(sql`
    insert into short_link_net_clicks (link_id, network, minute, clicks)
    select link_id, network, minute, clicks
    from json_to_recordset(${data}::json) as c(link_id int, network text, minute timestamptz, clicks int)
    on conflict (link_id, network, minute) do update set clicks = short_link_net_clicks.clicks + excluded.clicks`);
  const latest = visits.reduce((max, v) => Math.max(max, v.at.getTime()), 0);
  const since = new Date(latest - BURST_WINDOW_MS).toISOString();
  const bursts = rowsOf<{ link_id: number; network: string; clicks: number }>(
    await tx.execute(sql`
      select n.link_id, n.network, sum(n.clicks)::int as clicks
      from short_link_net_clicks n
      join (select distinct link_id, network from json_to_recordset(${data}::json) as c(link_id int, network text)) t
        on t.link_id = n.link_id and t.network = n.network
      where n.minute > ${since}::timestamptz
      group by n.link_id, n.network
      having sum(n.clicks) > ${BURST_CLICKS}
      order by n.link_id, n.network`),
  );
  for (const burst of bursts) {
    const unit = own.units.get(Number(burst.link_id));
    if (!unit) continue;
    await raiseFraudFlag(tx, {
      kind: 'click_burst',
      userId: unit.userId,
      subject: `unit:${unit.unitId}:net:${String(burst.network).slice(0, 12)}`,
      ids: [unit.unitId],
      extra: {
        clicks_10min: Number(burst.clicks),
        summary: `同じネットワーク（IPv4の/24・IPv6の/48）から10分間に${Number(burst.clicks)}回のクリックがありました`,
      },
    });
  }
}

/** Forgets per-network click sums older than the burst window; answers how many rows. */
export async function pruneNetworkClicks(db: Db, before: Date): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`
      with gone as (delete from short_link_net_clicks where minute < ${before} returning 1)
      select count(*)::int as n from gone`),
  );
  return Number(row?.n ?? 0);
}
