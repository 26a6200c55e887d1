import type pg from 'pg';
import { PREFECTURES } from '../../contracts/prefectures.ts';
import { PUBLISHED_SHOP_STATUS, SHOP_CATEGORIES } from '../../contracts/shops.ts';
import { hashPassword } from '../features/accounts/passwords.ts';
import { addMonths, paymentDateOf } from '../features/money/calendar.ts';
import { Sealer } from '../features/money/seal.ts';
import { DEMO_PASSWORD } from './demo.ts';

/**
 * The scale data set (issue 17 "A million rows", ADR 0120): a realistic shape for `users` users, made by
 * SQL inside PostgreSQL (INSERT … SELECT over generate_series), so a million users and tens of millions
 * of rows take minutes and never cross the wire. Every value is a hash of (seed, row, column), never
 * random(): the same seed and size give the same rows, whatever the plan or the order of execution.
 *
 * The proportions are the issue's (per 1M users: 20k shops, 200k requests, 5M units, 10M ledger rows,
 * 20M click rows, 50k recruitments with entries) and scale linearly with `users`, so `--users 1000` is the
 * 1k shape of the same product. Popularity is skewed (a power law on shops: shop 1 is the most followed
 * and has the most requests), because real lists are long for a few rows and short for most.
 */

export interface ScaleOptions {
  users: number;
  seed: number;
  /** "Now" of the data set: history runs up to it (default 2026-11-23, Japan). */
  anchor?: string;
  /** The key that seals the bank details (the development key when the server runs without BANK_KEY). */
  bankKey: string;
  log?: (line: string) => void;
}

/** Accounts the benchmark logs in as; every password is the demo password. */
export const SCALE_ACCOUNTS = {
  admin: { id: 1, email: 'scale-admin@example.com' },
  staff: { id: 2, email: 'scale-staff@example.com' },
  /** A supporter with exactly POWER_LEDGER_ROWS ledger rows, a unit in every 20th request, many entries. */
  power: { id: 3, email: 'scale-power@example.com' },
  /** Owner of company 1 and shop 1, the most followed shop with the most requests. */
  owner: { id: 4, email: 'scale-owner@example.com' },
  /** A supporter with the average shape (a few units, entries, follows). */
  supporter: { id: 5, email: 'scale-supporter@example.com' },
} as const;
export const POWER_LEDGER_ROWS = 10_000;
/** Users 1..FIRST_GENERIC_USER-1 are the accounts above; generated rows pick users from here on. */
const FIRST_GENERIC_USER = 6;

/** Row counts of the shape for `users` users (targets; the generated counts are printed at the end). */
export function scaleShape(users: number) {
  const per = (n: number, min: number) => Math.max(min, Math.round(users / n));
  return {
    users,
    companies: per(60, 4),
    shops: per(50, 5),
    advertisements: per(5, 10),
    shrinkers: per(100, 5),
    recruitments: per(20, 5),
    ledgerRows: users * 10,
    payoutMonths: 24,
  };
}

const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;
const arr = (xs: readonly string[]) => `(array[${xs.map(lit).join(',')}]::text[])`;

const FAMILY = ['佐藤', '鈴木', '高橋', '田中', '伊藤', '渡辺', '山本', '中村', '小林', '加藤'];
const FAMILY2 = ['吉田', '山田', '佐々木', '山口', '松本', '井上', '木村', '林', '斎藤', '清水'];
const GIVEN = ['陽菜', '結衣', '葵', 'さくら', '美咲', '翔', '大翔', '蓮', '悠真', '湊'];
const GIVEN2 = ['花子', '健', '一郎', '彩', '海斗', '美月', '陽向', '凛', '颯太', '芽依'];
/**
 * Addresses are shaped as people's are (ADR 0120, amended): a given and a family name in romaji, a
 * number, and one of a few domains, so the trigrams of addresses are as varied as a real list's. The
 * domains are under `.example` (reserved): no mail can reach anybody from a seeded database.
 */
const GIVEN_ROMAJI = [
  'haruto',
  'yuto',
  'sota',
  'yuki',
  'hayato',
  'ren',
  'minato',
  'riku',
  'kaito',
  'sho',
  'sakura',
  'yui',
  'hina',
  'aoi',
  'rin',
  'mei',
  'yuna',
  'hana',
  'miyu',
  'koharu',
];
const FAMILY_ROMAJI = [
  'sato',
  'suzuki',
  'takahashi',
  'tanaka',
  'ito',
  'watanabe',
  'yamamoto',
  'nakamura',
  'kobayashi',
  'kato',
  'yoshida',
  'yamada',
  'sasaki',
  'yamaguchi',
  'matsumoto',
  'inoue',
  'kimura',
  'hayashi',
  'saito',
  'shimizu',
];
const MAIL_DOMAINS = [
  'gmail.example',
  'yahoo.example',
  'icloud.example',
  'docomo.example',
  'ezweb.example',
  'softbank.example',
  'outlook.example',
  'company.example',
];
const SEPARATORS = ['.', '_', '-', ''];
const SHOP_WORDS = ['さくら', 'ひだまり', 'こもれび', 'みなと', 'あおぞら', 'つむぎ', 'まるや', 'はるか'];
const BENEFITS = ['ランチセット無料', 'ケーキセットご招待', 'カット無料', 'ネイル1回無料', '1泊2日ご招待'];
const BANKS = [
  ['0001', 'みずほ銀行'],
  ['0005', '三菱ＵＦＪ銀行'],
  ['0009', '三井住友銀行'],
  ['0010', 'りそな銀行'],
  ['9900', 'ゆうちょ銀行'],
] as const;

/** One statement of the seed, with what it makes (for the log). */
interface Step {
  name: string;
  sql: string;
}

/** The tables the seed fills, in dependency order (their secondary indexes are built after the load). */
const FILLED_TABLES = [
  'users',
  'companies',
  'company_members',
  'shops',
  'shop_reviews',
  'favorites',
  'social_accounts',
  'sns_accounts',
  'supporter_reviews',
  'advertisements',
  'units',
  'short_links',
  'short_link_clicks',
  'short_link_click_sources',
  'shop_click_sources',
  'link_click_months',
  'bank_accounts',
  'payout_batches',
  'payout_lines',
  'ledger_entries',
  'bills',
  'recruitments',
  'entries',
];

export function scaleSteps(o: {
  users: number;
  seed: number;
  anchor: string;
  passwordHash: string;
  sealed: { secret: string; keyId: string };
}): Step[] {
  const N = o.users;
  const shape = scaleShape(N);
  const { companies: C, shops: S, advertisements: A, shrinkers: K, recruitments: R } = shape;
  const M = N - FIRST_GENERIC_USER + 1; // generic users: FIRST_GENERIC_USER..N
  if (M < 100) throw new RangeError('the scale seed needs at least 105 users');
  // A step through the generic users that is coprime with their count: a request's (or a recruitment's)
  // supporters are then distinct without a uniqueness check (a * step ≡ b * step mod M only if a ≡ b).
  const gcd = (a: number, b: number): number => (b ? gcd(b, a % b) : a);
  let step = 7919;
  while (gcd(step, M) !== 1) step += 2;

  const T0 = `${lit(o.anchor)}::timestamptz`;
  /**
   * A uniform number in [0, 1) from (seed, salt, expr): repeatable, independent of plan and order. The
   * expressions combine ids as bigint (`x.id::bigint * 512 + d`): 5M links times 512 is past int4.
   */
  const u = (expr: string, salt: number) =>
    `((hashint8extended((${expr})::bigint, ${o.seed * 1000 + salt}::bigint) & 2147483647)::float8 / 2147483648.0)`;
  const pickOf = (xs: readonly string[], expr: string, salt: number) =>
    `${arr(xs)}[1 + floor(${u(expr, salt)} * ${xs.length})::int]`;
  const genericUser = (offset: string, g: string | number) =>
    `(${FIRST_GENERIC_USER} + ((${offset})::bigint + (${g})::bigint * ${step}) % ${M})::int`;
  const prefecture = (expr: string, salt: number) => `case
      when ${u(expr, salt)} < 0.15 then '東京都' when ${u(expr, salt)} < 0.23 then '大阪府'
      when ${u(expr, salt)} < 0.30 then '神奈川県' when ${u(expr, salt)} < 0.36 then '愛知県'
      when ${u(expr, salt)} < 0.40 then '福岡県' else ${pickOf(PREFECTURES, expr, salt + 1)} end`;
  /** Published shops, most popular first (power law `u^k`): shop 1 is the most followed. */
  const popularShop = (expr: string, salt: number, k: number) =>
    `published.pub[1 + floor(power(${u(expr, salt)}, ${k}) * cardinality(published.pub))::int]`;

  const months = Array.from({ length: shape.payoutMonths }, (_, i) =>
    addMonths(o.anchor.slice(0, 7), i - shape.payoutMonths),
  );
  const batchValues = months
    .map((m, i) => {
      const last = i === months.length - 1;
      const pay = paymentDateOf(m);
      return `(${i + 1}, ${lit(m)}, ${lit(pay)}::date, ${lit(last ? '出力済' : '支払済')}, ${SCALE_ACCOUNTS.admin.id},
        ${lit(`${addMonths(m, 1)}-01T09:00:00+09:00`)}::timestamptz, ${lit(`${pay}T10:00:00+09:00`)}::timestamptz,
        ${last ? 'null' : `${lit(`${pay}T15:00:00+09:00`)}::timestamptz`})`;
    })
    .join(',\n');

  // Credits from the start of the first paid month to the end of the last one (Japan time).
  const firstCutoff = `${lit(`${months[0]}-01T00:00:00+09:00`)}::timestamptz`;
  const lastCutoff = `${lit(`${addMonths(months.at(-1)!, 1)}-01T00:00:00+09:00`)}::timestamptz`;
  /** Campaign credits: with the rewards (about 3.6 per user) and the payouts, about ten rows per user. */
  const adjustments = Math.round(N * 3.3);
  const special = Object.values(SCALE_ACCOUNTS)
    .map((a) => `(${a.id}, ${lit(a.email)})`)
    .join(', ');

  return [
    {
      name: 'users',
      sql: `
      with special(id, email) as (values ${special})
      insert into users (id, email, password_hash, name, screen_name, bio, prefecture, birth_year,
        email_verified_at, role_id, status, flag_status, terms_accepted_at, favorites_public, created_at,
        updated_at, deleted_at)
      select i, case when gone then null else coalesce(sp.email, ${pickOf(GIVEN_ROMAJI, 'i', 11)}
          || ${pickOf(SEPARATORS, 'i', 12)} || ${pickOf(FAMILY_ROMAJI, 'i', 13)} || i || '@'
          || ${pickOf(MAIL_DOMAINS, 'i', 14)}) end,
        case when gone then null else ${lit(o.passwordHash)} end,
        case when gone then '退会済みユーザー'
          else ${pickOf([...FAMILY, ...FAMILY2], 'i', 1)} || ' ' || ${pickOf([...GIVEN, ...GIVEN2], 'i', 2)} end,
        case when gone then 'deleted-' || i else coalesce(split_part(sp.email, '@', 1), 'u' || i) end,
        case when ${u('i', 3)} < 0.3 then 'カフェ巡りとパン屋さんが好きです。よろしくお願いします。' end,
        case when gone then null else ${prefecture('i', 4)} end,
        case when gone then null else 1960 + floor(${u('i', 6)} * 46)::int end,
        case when ${u('i', 7)} < 0.97 or sp.id is not null then created + interval '10 minutes' end,
        case i when ${SCALE_ACCOUNTS.admin.id} then 1 when ${SCALE_ACCOUNTS.staff.id} then 2 else 3 end,
        case when sp.id is not null then '承認' when ${u('i', 8)} < 0.82 then '承認'
          when ${u('i', 8)} < 0.95 then '審査中' else '却下' end,
        '{}'::jsonb, created, ${u('i', 9)} < 0.2, created, created,
        case when gone then created + interval '200 days' end
      from (select i, ${T0} - interval '1095 days' + (i::float8 / ${N}) * interval '1090 days' as created,
          i >= ${C + FIRST_GENERIC_USER} and ${u('i', 10)} < 0.01 as gone
        from generate_series(1, ${N}) i) g
      left join special sp on sp.id = g.i`,
    },
    {
      name: 'companies',
      sql: `
      insert into companies (id, name, name_kana, address, phone, representative, postal_code, invoice_number,
        paid_status, created_at, updated_at)
      select c, '株式会社' || ${pickOf(SHOP_WORDS, 'c', 20)} || c, 'カブシキガイシャ', '東京都千代田区丸の内1-1-1',
        '03-1234-' || lpad((c % 10000)::text, 4, '0'), ${pickOf(FAMILY, 'c', 21)} || ' ' || ${pickOf(GIVEN2, 'c', 22)},
        '100-0005', case when ${u('c', 23)} < 0.5 then 'T' || lpad(c::text, 13, '0') end,
        case when c = 1 or ${u('c', 24)} < 0.8 then '利用可能（取引あり）' when ${u('c', 24)} < 0.9 then '利用可能（取引なし）'
          when ${u('c', 24)} < 0.97 then '審査中' else '利用不可' end,
        ${T0} - interval '1000 days' + (c::float8 / ${C}) * interval '990 days',
        ${T0} - interval '1000 days' + (c::float8 / ${C}) * interval '990 days'
      from generate_series(1, ${C}) c`,
    },
    {
      name: 'company_members',
      sql: `
      insert into company_members (company_id, user_id, role, created_at)
      select c, case when c = 1 then ${SCALE_ACCOUNTS.owner.id} else ${FIRST_GENERIC_USER - 1} + c end, 'owner',
        ${T0} - interval '1000 days'
      from generate_series(1, ${C}) c
      union all
      select c, m, 'member', ${T0} - interval '900 days'
      from (select c, ${genericUser(`${C} + c * 13`, 0)} as m from generate_series(1, ${C}) c where ${u('c', 30)} < 0.2) x
      where m <> ${FIRST_GENERIC_USER - 1} + c
      order by 1, 2`,
    },
    {
      name: 'shops',
      sql: `
      insert into shops (id, company_id, name, screen_name, description, category, prefecture, address, url, phone,
        opening_hours, status, flag_status, created_at, updated_at)
      select j, 1 + (j - 1) % ${C}, ${pickOf(SHOP_WORDS, 'j', 40)} || cat_word || ' ' || j || '号店', 'shop' || j,
        pref || 'の' || cat || '。' || ${pickOf(SHOP_WORDS, 'j', 41)} || 'のような、居心地のよいお店です。',
        cat, pref, pref || '中央1-2-3', 'https://shop' || j || '.example', '03-5555-' || lpad((j % 10000)::text, 4, '0'),
        '10:00〜20:00', case when j = 1 or ${u('j', 42)} < 0.85 then ${lit(PUBLISHED_SHOP_STATUS)}
          when ${u('j', 42)} < 0.92 then '審査中' when ${u('j', 42)} < 0.95 then '審査NG' else '非公開' end,
        '{"savedFirstProfile": true}'::jsonb, created, created
      from (select j, ${pickOf(SHOP_CATEGORIES, 'j', 43)} as cat, ${prefecture('j', 44)} as pref,
          ${T0} - interval '990 days' + (j::float8 / ${S}) * interval '980 days' as created
        from generate_series(1, ${S}) j) g,
        lateral (select case when cat in ('カフェ', 'スイーツ') then 'カフェ' when cat = 'パン屋' then 'ベーカリー'
          when cat in ('美容室', 'ネイル・まつげ', 'エステ・リラクゼーション') then 'サロン' else '食堂' end as cat_word) w`,
    },
    {
      name: 'shop_reviews',
      sql: `
      insert into shop_reviews (shop_id, status, reviewer_id, created_at)
      select id, status, ${SCALE_ACCOUNTS.staff.id}, created_at + interval '1 day' from shops order by id`,
    },
    {
      name: 'favorites',
      sql: `
      with published as materialized (select array_agg(id order by id) as pub from shops where status = ${lit(PUBLISHED_SHOP_STATUS)})
      insert into favorites (user_id, shop_id, created_at)
      select user_id, shop_id, min(at) from (
        select us.id as user_id, ${popularShop('us.id::bigint * 16 + g', 50, 3)} as shop_id,
          us.created_at + ${u('us.id::bigint * 16 + g', 51)} * (${T0} - us.created_at) as at
        from published, users us, generate_series(1, floor(${u('us.id', 52)} * 11)::int) g
        where us.deleted_at is null and us.role_id = 3
      ) f group by user_id, shop_id order by user_id, shop_id`,
    },
    {
      // The counter the favorites trigger keeps (triggers are off during the load, see seedScale).
      name: 'shops.favoriters_count',
      sql: `
      update shops s set favoriters_count = f.n
      from (select shop_id, count(*)::int as n from favorites group by shop_id) f where s.id = f.shop_id`,
    },
    {
      name: 'social_accounts',
      sql: `
      insert into social_accounts (user_id, provider, provider_user_id, handle, profile_url, follower_count, status,
        reviewed_by, reviewed_at, created_at)
      select id, p, 'p' || id, 'h' || id, case p when 'x' then 'https://x.com/h' || id end,
        floor(${u('id', 61)} * 5000)::int, '承認', ${SCALE_ACCOUNTS.staff.id}, created_at + interval '2 days', created_at
      from (select id, created_at, ${pickOf(['line', 'x', 'google'], 'id', 60)} as p from users
        where deleted_at is null and ${u('id', 62)} < 0.3) s order by id`,
    },
    {
      name: 'sns_accounts',
      sql: `
      insert into sns_accounts (user_id, platform, handle, follower_count, status, ownership_code, ownership_check,
        reviewed_by, reviewed_at, created_at)
      select id, ${pickOf(['instagram', 'tiktok', 'x', 'line_voom'], 'id', 70)}, 'fs_' || id,
        floor(power(${u('id', 71)}, 3) * 50000)::int, st, 'FS-' || upper(substr(md5(id::text), 1, 6)),
        case when st <> '審査中' then 'found' end, case when st <> '審査中' then ${SCALE_ACCOUNTS.staff.id} end,
        case when st <> '審査中' then created_at + interval '3 days' end, created_at + interval '1 day'
      from (select id, created_at, case when ${u('id', 72)} < 0.85 then '承認' when ${u('id', 72)} < 0.95 then '審査中'
          else '却下' end as st from users where deleted_at is null and (id <= 5 or ${u('id', 73)} < 0.6)) s
      order by id`,
    },
    {
      name: 'supporter_reviews',
      sql: `
      insert into supporter_reviews (user_id, status, reason, reviewer_id, created_at)
      select id, status, case when status = '却下' then 'プロフィールを確認できませんでした。' end,
        ${SCALE_ACCOUNTS.staff.id}, created_at + interval '2 days'
      from users where status <> '審査中' and role_id = 3 and id <> 3 order by id`,
    },
    {
      name: 'advertisements',
      sql: `
      with published as materialized (select array_agg(id order by id) as pub from shops where status = ${lit(PUBLISHED_SHOP_STATUS)})
      insert into advertisements (id, shop_id, created_by, status, text, hashtags, image_urls, landing_url, platforms,
        units, reward, starts_on, ends_on, is_first, fee_waived, reviewed_by, submitted_at, approved_at, ended_at,
        created_at, updated_at)
      select k, shop_id, null, status,
        'いつもありがとうございます。季節の新メニューが始まりました。ぜひ投稿で紹介してください！ #PR', '["新メニュー","PR"]'::jsonb,
        '[]'::jsonb, null, case when ${u('k', 80)} < 0.5 then '["x","instagram"]' else '["instagram"]' end::jsonb,
        10 + floor(${u('k', 81)} * 35)::int, 100 + 50 * floor(${u('k', 82)} * 9)::int,
        (created + interval '3 days')::date, (created + interval '3 days' + (14 + floor(${u('k', 83)} * 46)) * interval '1 day')::date,
        false, false, case when status <> '下書き' then ${SCALE_ACCOUNTS.staff.id} end,
        case when status <> '下書き' then created + interval '1 day' end,
        case when status in ('配信中', '終了') then created + interval '2 days' end,
        case when status = '終了' then created + interval '70 days' end, created, created
      from (select k, ${popularShop('k', 84, 2)} as shop_id,
          ${T0} - interval '730 days' + (k::float8 / ${A}) * interval '725 days' as created,
          case when k::float8 / ${A} < 0.9 then (case when ${u('k', 85)} < 0.97 then '終了' when ${u('k', 85)} < 0.99 then '差し戻し' else '下書き' end)
            when ${u('k', 85)} < 0.6 then '配信中' when ${u('k', 85)} < 0.75 then '審査中'
            when ${u('k', 85)} < 0.9 then '下書き' else '差し戻し' end as status
        from published, generate_series(1, ${A}) k) g`,
    },
    {
      // A request's units: `units` supporters stepping through the generic users from a per-request
      // offset (distinct by construction), plus the power supporter in every 20th request and the
      // average supporter in five (slot 0 and slot -1).
      name: 'units',
      sql: `
      insert into units (id, advertisement_id, shop_id, user_id, status, reward, platform, short_link_id, post_url, submissions,
        reject_reason, judged_by, offered_at, expires_at, accepted_at, posted_at, judged_at, updated_at)
      select id, ad, shop_id, user_id, st, reward, case when linked then platform end, case when linked then id end,
        case when st in ('posted', 'approved', 'rejected') then 'https://x.com/s' || user_id || '/status/' || (ad::bigint * 100 + g + 1) end,
        case when st in ('posted', 'approved', 'rejected') then 1 else 0 end,
        case when st = 'rejected' then '投稿が確認できませんでした' end,
        case when st in ('approved', 'rejected') then ${SCALE_ACCOUNTS.owner.id} end,
        offered, offered + interval '3 days', case when linked then offered + interval '1 day' end,
        case when st in ('posted', 'approved', 'rejected') then offered + interval '2 days' end,
        case when st in ('approved', 'rejected') then offered + interval '5 days' end, offered
      from (
        select row_number() over (order by a.id, g) as id, a.id as ad, a.shop_id, g, a.reward, (a.platforms ->> 0) as platform,
          a.approved_at + interval '1 day' + (g % 3) * interval '1 hour' as offered,
          case when g = 0 then ${SCALE_ACCOUNTS.power.id} when g = -1 then ${SCALE_ACCOUNTS.supporter.id}
            else ${genericUser(`floor(${u('a.id', 90)} * ${M})`, 'g')} end as user_id,
          case when a.status = '終了' then (case when ${u('a.id::bigint * 64 + g + 1', 91)} < 0.72 then 'approved'
              when ${u('a.id::bigint * 64 + g + 1', 91)} < 0.82 then 'declined' when ${u('a.id::bigint * 64 + g + 1', 91)} < 0.92 then 'expired'
              when ${u('a.id::bigint * 64 + g + 1', 91)} < 0.97 then 'rejected' else 'posted' end)
            else (case when ${u('a.id::bigint * 64 + g + 1', 91)} < 0.15 then 'offered' when ${u('a.id::bigint * 64 + g + 1', 91)} < 0.3 then 'accepted'
              when ${u('a.id::bigint * 64 + g + 1', 91)} < 0.45 then 'posted' when ${u('a.id::bigint * 64 + g + 1', 91)} < 0.85 then 'approved'
              when ${u('a.id::bigint * 64 + g + 1', 91)} < 0.95 then 'declined' else 'rejected' end) end as st
        from advertisements a,
          generate_series(case when a.id % ${Math.max(2, Math.floor(A / 5))} = 1 then -1
            when a.id % 20 = 0 then 0 else 1 end, a.units) g
        where a.status in ('配信中', '終了') and (g >= 1 or g = 0 and a.id % 20 = 0 or g = -1)
      ) x, lateral (select st in ('accepted', 'posted', 'approved', 'rejected') as linked) l
      order by id`,
    },
    {
      // A unit's link takes the unit's id (explicit ids, given to the units above as their
      // short_link_id; the sequences are moved past them at the end); the staff shortener's links follow.
      name: 'short_links',
      sql: `
      insert into short_links (id, code, target_url, purpose, created_by, created_at, disabled_at)
      select id, 'u' || lpad(to_hex(id), 9, '0'), 'https://shop.example/landing/' || advertisement_id, 'unit', user_id,
        accepted_at, null
      from units where accepted_at is not null
      union all
      select m + k, 'k' || lpad(to_hex(k), 9, '0'), 'https://campaign.example/' || k || '?utm_source=focustar',
        'shrinker', ${SCALE_ACCOUNTS.staff.id}, ${T0} - interval '400 days' + (k::float8 / ${K}) * interval '390 days',
        case when ${u('k', 100)} < 0.1 then ${T0} - interval '5 days' end
      from (select coalesce(max(id), 0) as m from units) mx, generate_series(1, ${K}) k
      order by 1`,
    },
    {
      // Clicks per link and Japan day: a post's link is clicked on 1-8 days after it was posted, a staff
      // link on every day since it was made (up to 250 days).
      name: 'short_link_clicks',
      sql: `
      insert into short_link_clicks (link_id, day, clicks)
      select l.id, (l.created_at at time zone 'Asia/Tokyo')::date + d,
        1 + floor(power(${u('l.id::bigint * 512 + d', 110)}, 4) * 200)::int
      from short_links l,
        generate_series(0, case when l.purpose = 'unit' then floor(${u('l.id', 111)} * 8)::int
          else least(249, (${T0}::date - (l.created_at at time zone 'Asia/Tokyo')::date))::int end) d
      order by l.id, d`,
    },
    {
      // The same clicks by referrer platform and device class (issue 27, ADR 0165), as the click writer rolls
      // them up: per link and day the buckets sum to short_link_clicks exactly. A post's link is clicked
      // mostly from its platform on a phone, some from nowhere (an app, a typed address), the rest on a PC;
      // a staff link from other sites.
      name: 'short_link_click_sources',
      sql: `
      insert into short_link_click_sources (link_id, day, platform, device, clicks)
      select link_id, day, platform, device, n from (
        select c.link_id, c.day, b.platform, b.device, b.n
        from short_link_clicks c join short_links l on l.id = c.link_id
        cross join lateral (select
            case when l.purpose = 'unit' then ${pickOf(['x', 'instagram', 'tiktok', 'line'], 'l.id', 112)} else 'other' end as main,
            floor(c.clicks * (0.45 + 0.3 * ${u('l.id', 113)}))::int as phone,
            floor(c.clicks * 0.2)::int as direct) p
        cross join lateral (values
            (p.main, 'mobile', p.phone),
            ('none', 'mobile', p.direct),
            (case when ${u('l.id', 114)} < 0.5 then 'other' else p.main end, 'pc', c.clicks - p.phone - p.direct)
          ) b(platform, device, n)
      ) s
      where n > 0
      order by link_id, day, platform, device`,
    },
    {
      // The same per shop (ADR 0168), as the click writer adds them: the shop of each unit link.
      name: 'shop_click_sources',
      sql: `
      insert into shop_click_sources (shop_id, day, platform, device, clicks)
      select u.shop_id, c.day, c.platform, c.device, sum(c.clicks)::int
      from short_link_click_sources c join units u on u.short_link_id = c.link_id
      where u.shop_id is not null
      group by 1, 2, 3, 4 order by 1, 2, 3, 4`,
    },
    {
      // And per link and month (ADR 0186), as the click writer adds them.
      name: 'link_click_months',
      sql: `
      insert into link_click_months (link_id, month, shop_id, clicks)
      select c.link_id, to_char(c.day, 'YYYY-MM'), u.shop_id, sum(c.clicks)::int
      from short_link_click_sources c join units u on u.short_link_id = c.link_id
      where u.shop_id is not null
      group by 1, 2, 3 order by 1, 2`,
    },
    {
      name: 'bank_accounts',
      sql: `
      insert into bank_accounts (user_id, bank_code, bank_name, branch_code, branch_name, account_type, account_last3,
        secret, key_id, created_at, updated_at)
      select id, (array[${BANKS.map(([c]) => lit(c)).join(',')}])[b],
        (array[${BANKS.map(([, n]) => lit(n)).join(',')}])[b], '001', '本店', '普通', lpad((id % 1000)::text, 3, '0'),
        ${lit(o.sealed.secret)}, ${lit(o.sealed.keyId)}, created_at + interval '20 days', created_at + interval '20 days'
      from (select id, created_at, 1 + floor(${u('id', 120)} * ${BANKS.length})::int as b from users
        where deleted_at is null and role_id = 3 and (id in (${SCALE_ACCOUNTS.power.id}, ${SCALE_ACCOUNTS.supporter.id})
          or id >= ${FIRST_GENERIC_USER} and ${u('id', 121)} < 0.35)) s
      order by id`,
    },
    {
      name: 'payout_batches',
      sql: `
      insert into payout_batches (id, month, payment_date, status, created_by, created_at, exported_at, paid_at)
      values ${batchValues}`,
    },
    {
      // Credits first (into a staging table): rewards of approved units, campaign adjustments, and the
      // power supporter's rows spread over the 24 paid months. The payouts are then computed from them,
      // so that every balance is what a real ledger would hold (never below zero).
      name: 'credits (staging)',
      sql: `
      create unlogged table scale_credits as
      select user_id, reward as amount, 'reward' as kind, 'unit:' || id as reference,
        'unit:' || id || ':reward' as key, judged_at as at
      from units where status = 'approved'
      union all
      select ${genericUser(`floor(${u('n', 140)} * ${M})`, 0)}, 100 + 100 * floor(${u('n', 141)} * 5)::int, 'adjustment',
        'campaign:' || (n % 97), 'adjustment:' || n, ${firstCutoff} + (n::float8 / ${adjustments}) * (${lastCutoff} - ${firstCutoff})
      from generate_series(1, ${adjustments}) n`,
    },
    {
      name: 'credits (power supporter)',
      sql: `
      insert into scale_credits
      select ${SCALE_ACCOUNTS.power.id}, 100, 'adjustment', 'campaign:power', 'adjustment:power:' || n,
        ${firstCutoff} + (n::float8 / (t.total + 1)) * (${lastCutoff} - ${firstCutoff})
      from (select ${POWER_LEDGER_ROWS - 2 * shape.payoutMonths} - count(*) as total from scale_credits
        where user_id = ${SCALE_ACCOUNTS.power.id}) t, generate_series(1, t.total) n`,
    },
    {
      // A batch pays each account holder the credits of its month (those before the first batch go into
      // it); the newest batch is exported, not yet paid; 1 % of transfers come back (失敗).
      name: 'payout_lines',
      sql: `
      insert into payout_lines (batch_id, user_id, amount, status, bank_code, bank_name, branch_code, branch_name,
        account_type, account_last3, secret, key_id, failed_note, failed_at, created_at)
      select b.id, a.user_id, m.amount,
        case when b.status = '出力済' then '未払' when ${u('a.user_id::bigint * 64 + b.id', 131)} < 0.01 then '失敗' else '支払済' end,
        a.bank_code, a.bank_name, a.branch_code, a.branch_name, a.account_type, a.account_last3, a.secret, a.key_id,
        case when b.status <> '出力済' and ${u('a.user_id::bigint * 64 + b.id', 131)} < 0.01 then '口座番号相違' end,
        case when b.status <> '出力済' and ${u('a.user_id::bigint * 64 + b.id', 131)} < 0.01 then b.paid_at + interval '3 days' end,
        b.created_at
      from (select c.user_id, greatest(${lit(months[0]!)}, to_char(c.at at time zone 'Asia/Tokyo', 'YYYY-MM')) as month,
          sum(c.amount)::int as amount
        from scale_credits c where c.at < ${lastCutoff} group by 1, 2) m
      join bank_accounts a on a.user_id = m.user_id
      join payout_batches b on b.month = m.month
      order by b.id, a.user_id`,
    },
    {
      // The counters the payout_lines trigger keeps.
      name: 'payout_batches.lines_count',
      sql: `
      update payout_batches b set lines_count = l.n, lines_total = l.total, failed_count = l.failed,
        failed_total = l.failed_amount
      from (select batch_id, count(*)::int as n, sum(amount)::int as total,
          (count(*) filter (where status = '失敗'))::int as failed,
          coalesce(sum(amount) filter (where status = '失敗'), 0)::int as failed_amount
        from payout_lines group by batch_id) l
      where b.id = l.batch_id`,
    },
    {
      // The ledger in time order: the credits, a debit per paid (or returned) transfer, a credit per
      // returned one. Keys and references are the application's (`unit:{id}:reward`, `payout:{lineId}` …).
      name: 'ledger_entries',
      sql: `
      insert into ledger_entries (user_id, amount, kind, reference, idempotency_key, created_at)
      select user_id, amount, kind, reference, key, at from (
        select user_id, amount, kind, reference, key, at from scale_credits
        union all
        select l.user_id, -l.amount, 'payout', 'payout_line:' || l.id, 'payout:' || l.id, b.paid_at
        from payout_lines l join payout_batches b on b.id = l.batch_id where l.status in ('支払済', '失敗')
        union all
        select l.user_id, l.amount, 'payout_returned', 'payout_line:' || l.id, 'payout:' || l.id || ':returned', l.failed_at
        from payout_lines l where l.status = '失敗'
      ) e order by at`,
    },
    { name: 'credits (staging) dropped', sql: 'drop table scale_credits' },
    {
      // This month's campaign brings the ledger to ten rows per user (unpaid yet: after the last cutoff).
      name: 'ledger_entries (this month)',
      sql: `
      insert into ledger_entries (user_id, amount, kind, reference, idempotency_key, created_at)
      select ${genericUser(`floor(${u('n', 142)} * ${M})`, 0)}, 100, 'adjustment', 'campaign:this-month',
        'adjustment:this-month:' || n, ${lastCutoff} + (n::float8 / (t.total + 1)) * (${T0} - ${lastCutoff})
      from (select ${shape.ledgerRows} - count(*) as total from ledger_entries
          where user_id <> ${SCALE_ACCOUNTS.power.id}) t, generate_series(1, t.total) n
      union all
      select ${SCALE_ACCOUNTS.power.id}, 100, 'adjustment', 'campaign:this-month', 'adjustment:this-month:power:' || n,
        ${lastCutoff} + (n::float8 / (t.total + 1)) * (${T0} - ${lastCutoff})
      from (select ${POWER_LEDGER_ROWS} - count(*) as total from ledger_entries
          where user_id = ${SCALE_ACCOUNTS.power.id}) t, generate_series(1, t.total) n
      order by 6`,
    },
    {
      name: 'bills',
      sql: `
      insert into bills (advertisement_id, company_id, shop_id, month, units, reward, rewards, fee, subtotal, created_at,
        approved_units)
      select a.id, s.company_id, a.shop_id, to_char(a.approved_at at time zone 'Asia/Tokyo', 'YYYY-MM'), a.units, a.reward,
        a.units * a.reward, (a.units * a.reward * 30) / 100, a.units * a.reward + (a.units * a.reward * 30) / 100, a.approved_at,
        -- The count the units trigger of migration 0023 keeps (triggers are off while seeding).
        coalesce(c.n, 0)
      from advertisements a join shops s on s.id = a.shop_id
      left join (select advertisement_id, count(*)::int as n from units where status = 'approved'
        group by advertisement_id) c on c.advertisement_id = a.id
      where a.approved_at is not null order by a.id`,
    },
    {
      name: 'recruitments',
      sql: `
      with published as materialized (select array_agg(id order by id) as pub from shops where status = ${lit(PUBLISHED_SHOP_STATUS)})
      insert into recruitments (id, shop_id, title, description, images, benefit, benefit_value, winners_count,
        application_starts_at, application_ends_at, visit_starts_at, visit_ends_at, platform, conditions,
        target_prefecture, target_audience, status, opened_at, seed, seed_commitment, drawn_at, selection,
        created_by, created_at, updated_at)
      select r, shop_id, benefit || 'のモニターを募集します', '新しいメニューを体験して、SNSで紹介してくださる方を募集します。',
        '[]'::jsonb, benefit, 1000 + 500 * floor(${u('r', 150)} * 9)::int, 1 + floor(${u('r', 151)} * 10)::int,
        starts, starts + interval '14 days', starts + interval '21 days', starts + interval '51 days',
        ${pickOf(['instagram', 'x', 'tiktok'], 'r', 152)}, '来店後7日以内に、#PR を付けて投稿してください。',
        case when ${u('r', 153)} < 0.2 then ${prefecture('r', 154)} end,
        case when ${u('r', 155)} < 0.2 then 'followers' else 'everyone' end, status,
        case when status <> '下書き' then starts end,
        case when status <> '下書き' then md5('s' || r) || md5('t' || r) end,
        case when status <> '下書き' then md5('c' || r) || md5('d' || r) end,
        case when status in ('当選発表済', '終了') then starts + interval '15 days' end,
        case when status in ('当選発表済', '終了') then 'lottery' end,
        ${SCALE_ACCOUNTS.staff.id}, starts - interval '3 days', starts - interval '3 days'
      from (select r, ${popularShop('r', 156, 2)} as shop_id, ${pickOf(BENEFITS, 'r', 157)} as benefit, status,
          case status when '募集中' then ${T0} - (r % 10) * interval '1 day'
            when '下書き' then ${T0} + interval '5 days'
            when '選考中' then ${T0} - interval '16 days' - (r % 5) * interval '1 day'
            else ${T0} - interval '1095 days' + (r::float8 / ${R}) * interval '1040 days' end as starts
        from (select r, case when r::float8 / ${R} < 0.85 then '終了' when r::float8 / ${R} < 0.9 then '当選発表済'
            when r::float8 / ${R} < 0.93 then '選考中' when r::float8 / ${R} < 0.98 then '募集中' else '下書き' end as status
          from generate_series(1, ${R}) r) s, published) g`,
    },
    {
      // What the trigger of migration 0021 does (triggers are off while seeding).
      name: 'recruitments: shop prefecture',
      sql: `update recruitments r set shop_prefecture = s.prefecture from shops s where s.id = r.shop_id`,
    },
    {
      name: 'entries',
      sql: `
      insert into entries (recruitment_id, user_id, status, answer, post_url, submissions, visited_at, posted_at,
        completed_at, created_at, updated_at)
      select rid, user_id, st, null, case when st = '完了' then 'https://www.instagram.com/p/S' || rid || 'E' || (g + 2) || '/' end,
        case when st = '完了' then 1 else 0 end,
        case when st = '完了' then ends + interval '10 days' end, case when st = '完了' then ends + interval '12 days' end,
        case when st = '完了' then ends + interval '15 days' end, at, at
      from (
        select r.id as rid, g, r.application_ends_at as ends,
          r.application_starts_at + ${u('r.id::bigint * 128 + g + 1', 160)} * interval '14 days' as at,
          case when g = 0 then ${SCALE_ACCOUNTS.power.id} when g = -1 then ${SCALE_ACCOUNTS.supporter.id}
            else ${genericUser(`floor(${u('r.id', 161)} * ${M})`, 'g')} end as user_id,
          case when r.status in ('募集中', '選考中') then '応募中'
            when g <= r.winners_count then (case when r.status = '終了' then '完了' else '当選' end)
            else '落選' end as st
        from recruitments r,
          generate_series(case when r.id % ${Math.max(2, Math.floor(R / 3))} = 1 then -1
            when r.id % 25 = 0 then 0 else 1 end, 5 + floor(${u('r.id', 162)} * 71)::int) g
        where r.status <> '下書き' and (g >= 1 or g = 0 and r.id % 25 = 0 or g = -1)
      ) x order by rid, g`,
    },
  ];
}

/** Counts of the filled tables, for the log and the benchmark's note. */
export async function tableCounts(client: pg.ClientBase): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of FILLED_TABLES) {
    const { rows } = await client.query<{ n: string }>(`select count(*) as n from ${table}`);
    out[table] = Number(rows[0]!.n);
  }
  return out;
}

/**
 * Fills an empty, migrated database. Secondary indexes are dropped for the load and built again after
 * it (the same definitions, read from the catalogue); triggers, foreign-key checks included, are off for
 * the session (`session_replication_role = replica`: the rows are consistent by construction, and the
 * counters the triggers keep are computed by steps of their own); then every table is vacuumed and
 * analysed so that plans and index-only scans are those of a settled database.
 */
export async function seedScale(client: pg.ClientBase, options: ScaleOptions): Promise<void> {
  const log = options.log ?? (() => {});
  const { rows: existing } = await client.query<{ n: string }>('select count(*) as n from users');
  if (Number(existing[0]!.n) > 0) throw new Error('the database has users already: seed an empty database');
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const sealer = new Sealer(options.bankKey);
  const sealed = sealer.seal({ number: '1234567', holder: 'ヤマダ ハナコ' });
  const steps = scaleSteps({
    users: options.users,
    seed: options.seed,
    anchor: options.anchor ?? '2026-11-23T00:00:00+09:00',
    passwordHash,
    sealed,
  });

  await client.query(`set synchronous_commit = off`);
  await client.query(`set work_mem = '256MB'`);
  await client.query(`set maintenance_work_mem = '512MB'`);
  await client.query(`set session_replication_role = replica`);

  const { rows: indexes } = await client.query<{ name: string; def: string }>(
    `select i.relname as name, pg_get_indexdef(i.oid) as def
       from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
       join pg_namespace n on n.oid = t.relnamespace
      where n.nspname = 'public' and t.relname = any($1)
        and not exists (select 1 from pg_constraint c where c.conindid = i.oid)
      order by t.relname, i.relname`,
    [FILLED_TABLES],
  );
  for (const index of indexes) await client.query(`drop index "${index.name}"`);
  try {
    for (const s of steps) {
      const started = performance.now();
      const result = await client.query(s.sql);
      log(`${s.name.padEnd(34)} ${String(result.rowCount ?? 0).padStart(11)} rows ${secs(started)}`);
    }
  } finally {
    const started = performance.now();
    for (const index of indexes) await client.query(index.def);
    log(`${'indexes'.padEnd(34)} ${String(indexes.length).padStart(11)} built ${secs(started)}`);
    await client.query(`set session_replication_role = origin`);
  }
  // Serial columns continue after the explicit ids.
  const { rows: serials } = await client.query<{ t: string; c: string; s: string }>(
    `select c.table_name as t, c.column_name as c, pg_get_serial_sequence(c.table_name, c.column_name) as s
       from information_schema.columns c
      where c.table_schema = 'public' and c.column_default like 'nextval(%' and c.table_name = any($1)`,
    [FILLED_TABLES],
  );
  for (const { t, c, s } of serials) {
    await client.query(`select setval($1, greatest(1, (select coalesce(max("${c}"), 0) from "${t}")))`, [s]);
  }
  const started = performance.now();
  await client.query('vacuum (analyze)');
  log(`${'vacuum (analyze)'.padEnd(34)} ${''.padStart(11)}      ${secs(started)}`);
}

const secs = (since: number) => `${((performance.now() - since) / 1000).toFixed(1).padStart(7)} s`;
