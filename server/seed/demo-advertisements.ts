import { sql } from 'drizzle-orm';
import { tokyoDate } from '../../contracts/advertisements.ts';
import { advertisements, units } from '../features/schema.ts';
import { type Db, rowsOf } from '../platform/db/client.ts';
import type { StandinPost } from '../platform/sns-standin.ts';
import { credit } from '../platform/ledger.ts';
import { createShortLink } from '../platform/short-links.ts';

/**
 * Issue 13 "Demo data": for demo-cafe, a live request with offers to the demo supporters (one open,
 * one accepted, one posted and waiting for judgement, one approved and credited), an ended request and one
 * sent back, so that every screen of the issue has something real to show. Dates are relative to today.
 */
const DAY = 86_400_000;
const day = (at: Date, offset: number) => tokyoDate(new Date(at.getTime() + offset * DAY));
const endOf = (d: string) => new Date(`${d}T23:59:59.999+09:00`);

export async function seedDemoAdvertisements(
  tx: Db,
  ids: { shopId: number; ownerId: number; staffId: number; supporters: number[]; shopUrl: string },
): Promise<void> {
  const now = new Date();
  const [supporter, fan1, fan2, fan3] = ids.supporters as [number, number, number, number];
  const liveEnds = day(now, 25);
  const [live, ended] = await tx
    .insert(advertisements)
    .values([
      {
        shopId: ids.shopId,
        createdBy: ids.ownerId,
        status: '配信中',
        text: '#PR 渋谷の小さなカフェ「デモカフェ」で、自家焙煎のコーヒーと季節のケーキを楽しみませんか？',
        hashtags: ['渋谷カフェ', '自家焙煎'],
        platforms: ['x', 'instagram'],
        units: 5,
        reward: 150,
        startsOn: day(now, -3),
        endsOn: liveEnds,
        submittedAt: new Date(now.getTime() - 4 * DAY),
        approvedAt: new Date(now.getTime() - 3 * DAY),
        reviewedBy: ids.staffId,
      },
      {
        shopId: ids.shopId,
        createdBy: ids.ownerId,
        status: '終了',
        text: '#PR 夏限定のアイスコーヒーフロート、はじめました。',
        hashtags: ['渋谷カフェ'],
        platforms: ['x'],
        units: 3,
        reward: 100,
        startsOn: day(now, -40),
        endsOn: day(now, -20),
        submittedAt: new Date(now.getTime() - 42 * DAY),
        approvedAt: new Date(now.getTime() - 41 * DAY),
        endedAt: new Date(now.getTime() - 19 * DAY),
        reviewedBy: ids.staffId,
      },
      {
        shopId: ids.shopId,
        createdBy: ids.ownerId,
        status: '差し戻し',
        text: '#PR 絶対に日本一おいしいケーキ！食べないと損！',
        hashtags: ['ケーキ'],
        platforms: ['x', 'tiktok'],
        units: 10,
        reward: 100,
        startsOn: day(now, 5),
        endsOn: day(now, 30),
        submittedAt: new Date(now.getTime() - DAY),
        rejectReason:
          '「日本一」「食べないと損」は根拠を示せない表現のため、景品表示法上おすすめできません。お店の魅力が伝わる具体的な表現に直してください。',
        reviewedBy: ids.staffId,
      },
    ])
    .returning({ id: advertisements.id });

  const link = async (targetUrl: string = ids.shopUrl) =>
    (await createShortLink(tx, { targetUrl, purpose: 'unit' })).id;
  const offered = new Date(now.getTime() - 3 * DAY);
  const base = { advertisementId: live!.id, reward: 150, offeredAt: offered, expiresAt: endOf(liveEnds) };
  const [, , , approvedUnit] = await tx
    .insert(units)
    .values([
      { ...base, userId: supporter },
      {
        ...base,
        userId: fan1,
        status: 'accepted',
        platform: 'x',
        acceptedAt: new Date(now.getTime() - 2 * DAY),
        shortLinkId: await link(),
      },
      {
        ...base,
        userId: fan2,
        status: 'posted',
        platform: 'x',
        acceptedAt: new Date(now.getTime() - 2 * DAY),
        shortLinkId: await link(),
        postUrl: 'https://x.com/demo_fan2/status/1859000000000000002',
        postedAt: new Date(now.getTime() - DAY),
        postCheck: 'ok',
        submissions: 1,
      },
      {
        ...base,
        userId: fan3,
        status: 'approved',
        platform: 'instagram',
        acceptedAt: new Date(now.getTime() - 3 * DAY),
        shortLinkId: await link(),
        postUrl: 'https://instagram.com/p/DemoFan3Post1',
        postedAt: new Date(now.getTime() - 2 * DAY),
        postCheck: 'ok',
        submissions: 1,
        judgedAt: new Date(now.getTime() - DAY),
        judgedBy: ids.ownerId,
      },
    ])
    .returning({ id: units.id });
  const [endedUnit] = await tx
    .insert(units)
    .values({
      advertisementId: ended!.id,
      userId: supporter,
      reward: 100,
      status: 'approved',
      platform: 'x',
      offeredAt: new Date(now.getTime() - 41 * DAY),
      expiresAt: endOf(day(now, -20)),
      acceptedAt: new Date(now.getTime() - 40 * DAY),
      // The request ended: its links lead to its /period page (ADR 0066).
      shortLinkId: await link(`/period?ad=${ended!.id}`),
      postUrl: 'https://x.com/demo_supporter/status/1850000000000000001',
      postedAt: new Date(now.getTime() - 39 * DAY),
      postCheck: 'ok',
      submissions: 1,
      judgedAt: new Date(now.getTime() - 38 * DAY),
      // Its 7-day hold ended long ago (issue 23): 確定.
      confirmedAt: new Date(now.getTime() - 31 * DAY),
      judgedBy: ids.ownerId,
    })
    .returning({ id: units.id });
  for (const [unit, userId, amount, daysAgo] of [
    [approvedUnit!.id, fan3, 150, 1],
    [endedUnit!.id, supporter, 100, 38],
  ] as const) {
    await credit(tx, {
      userId,
      amount,
      kind: 'reward',
      reference: `unit:${unit}`,
      idempotencyKey: `unit:${unit}:reward`,
      at: new Date(now.getTime() - daysAgo * DAY),
    });
  }
  // Some clicks on the live request's links, so its counts are not all zero.
  await tx.execute(sql`
    insert into short_link_clicks (link_id, day, clicks)
    select u.short_link_id, ${day(now, -1)}, 3 + (u.id % 4) from units u
    where u.advertisement_id = ${live!.id} and u.short_link_id is not null`);
  await tx.execute(sql`
    update shops set flag_status = flag_status || '{"completedFirstAd": true}'::jsonb where id = ${ids.shopId}`);
}

/**
 * Issue 23: each demo unit is for its supporter's approved account on the unit's platform (the open offer,
 * which has no platform yet, for the first of the request's platforms the supporter has an account on).
 */
export async function linkDemoUnitsToAccounts(tx: Db): Promise<void> {
  await tx.execute(sql`
    update units set sns_account_id = pick.account_id, platform = pick.platform
    from (
      select u.id as unit_id, acc.id as account_id, acc.platform from units u
      join advertisements a on a.id = u.advertisement_id
      cross join lateral (
        select sa.id, sa.platform from sns_accounts sa, jsonb_array_elements_text(a.platforms) with ordinality p(name, n)
        where sa.user_id = u.user_id and sa.status = '承認' and sa.platform = p.name
          and (u.platform is null or sa.platform = u.platform)
        order by p.n, sa.id limit 1) acc
      where u.sns_account_id is null) pick
    where units.id = pick.unit_id`);
}

/**
 * Issue 23: the demo supporters' posts, held by the SNS stand-in as the platforms would hold them: the
 * request's text first (with #PR), its hashtags, and the unit's tracking link, by the unit's account.
 */
export async function publishDemoPosts(db: Db, sns: { publish(post: StandinPost): unknown }): Promise<void> {
  const rows = rowsOf<{
    post_url: string;
    platform: string;
    handle: string;
    text: string;
    hashtags: string[];
    code: string | null;
  }>(
    await db.execute(sql`
      select u.post_url, u.platform, sa.handle, a.text, a.hashtags, sl.code from units u
      join advertisements a on a.id = u.advertisement_id
      join sns_accounts sa on sa.id = u.sns_account_id
      left join short_links sl on sl.id = u.short_link_id
      where u.post_url is not null`),
  );
  for (const r of rows) {
    const tags = (typeof r.hashtags === 'string' ? (JSON.parse(r.hashtags) as string[]) : r.hashtags).map(
      (t) => `#${t}`,
    );
    await sns.publish({
      platform: r.platform as StandinPost['platform'],
      url: r.post_url,
      author: r.handle,
      text: [r.text, tags.join(' '), r.code ? `https://focustar.example/s/${r.code}` : '']
        .filter(Boolean)
        .join('\n'),
    });
  }
}
