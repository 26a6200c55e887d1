import { type SQL, sql } from 'drizzle-orm';
import {
  type Entry,
  type EntryStatus,
  MAX_POST_SUBMISSIONS,
  type Recruitment,
  type RecruitmentStatus,
  type RecruitmentSummary,
  type ShopEntry,
  RECRUITMENT_MESSAGES as M,
} from '../../../contracts/recruitments.ts';
import { type ApprovedSnsAccount, snsProfileUrl } from '../../../contracts/supporters.ts';
import { type Db, rowsOf } from '../../platform/db/client.ts';
import type { RecruitmentImage } from './schema.ts';

/**
 * The recruitments' queries. Object-level checks are in the queries: an entry is read by its owner
 * (`user_id = me`), a shop's entries by a member of the shop's company or staff (`viewer` below).
 */

type Row = Record<string, unknown>;

/**
 * A status constant of contracts/ written into raw SQL as a quoted literal, not a parameter, so each statement
 * keeps the text it had (a partial index's predicate still matches; the plan does not depend on a value).
 */
export const literal = (value: string): SQL => {
  if (value.includes("'")) throw new Error(`a status with a quote cannot be a literal: ${value}`);
  return sql.raw(`'${value}'`);
};

/** Who is asking: the object-level checks of every query read it. */
export interface Viewer {
  userId: number | null;
  staff: boolean;
}

const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;
const isoOf = (value: unknown): string => new Date(value as string | Date).toISOString();
const isoOrNull = (value: unknown): string | null => (value == null ? null : isoOf(value));

/** The caller belongs to the company of the recruitment's shop, or is staff (SQL over alias `r`). */
export const memberOrStaff = (viewer: Viewer): SQL =>
  viewer.staff
    ? sql`true`
    : viewer.userId === null
      ? sql`false`
      : sql`exists (select 1 from shops ms join company_members cm on cm.company_id = ms.company_id
          where ms.id = r.shop_id and cm.user_id = ${viewer.userId})`;

const SUMMARY_COLUMNS = sql`
  r.id, r.title, r.status, r.images, r.benefit, r.benefit_value, r.winners_count,
  r.application_starts_at, r.application_ends_at, r.target_prefecture, r.target_audience, r.publish_at,
  s.id as shop_id, s.name as shop_name, s.prefecture as shop_prefecture, s.category as shop_category,
  (select count(*)::int from entries ce where ce.recruitment_id = r.id) as entries_count`;

function presentSummary(row: Row): RecruitmentSummary {
  const images = json<RecruitmentImage[]>(row.images) ?? [];
  const cover = images[0];
  return {
    id: Number(row.id),
    title: String(row.title),
    status: row.status as RecruitmentStatus,
    shop: {
      id: Number(row.shop_id),
      name: String(row.shop_name),
      prefecture: (row.shop_prefecture as string | null) ?? null,
      category: (row.shop_category as string | null) ?? null,
    },
    cover: cover ? { url: cover.url, width: cover.width, height: cover.height } : null,
    benefit: String(row.benefit),
    benefit_value: Number(row.benefit_value),
    winners_count: Number(row.winners_count),
    application_starts_at: isoOf(row.application_starts_at),
    application_ends_at: isoOf(row.application_ends_at),
    target_prefecture: (row.target_prefecture as string | null) ?? null,
    target_audience: row.target_audience === 'followers' ? 'followers' : 'everyone',
    publish_at: isoOrNull(row.publish_at),
    entries_count: Number(row.entries_count),
  };
}

export interface PublicListFilter {
  statuses: RecruitmentStatus[];
  shopId?: number | undefined;
  prefecture?: string | undefined;
  category?: string | undefined;
  after?: { endsAt: string; id: number } | undefined;
  limit: number;
}

/** Public lists: soonest deadline first, keyset on (application_ends_at, id). */
export async function listPublic(db: Db, f: PublicListFilter): Promise<RecruitmentSummary[]> {
  const where: SQL[] = [
    sql`r.status in (${sql.join(
      f.statuses.map((s) => sql`${s}`),
      sql`, `,
    )})`,
  ];
  if (f.shopId) where.push(sql`r.shop_id = ${f.shopId}`);
  // The shop's prefecture as copied beside the recruitment (migration 0021), which the area index holds.
  if (f.prefecture) where.push(sql`r.shop_prefecture = ${f.prefecture}`);
  if (f.category) where.push(sql`s.category = ${f.category}`);
  if (f.after)
    where.push(sql`(r.application_ends_at, r.id) > (${f.after.endsAt}::timestamptz, ${f.after.id})`);
  const rows = rowsOf(
    await db.execute(sql`select ${SUMMARY_COLUMNS} from recruitments r join shops s on s.id = r.shop_id
      where ${sql.join(where, sql` and `)}
      order by r.application_ends_at, r.id limit ${f.limit}`),
  );
  return rows.map(presentSummary);
}

export interface AdminListFilter {
  status?: RecruitmentStatus | undefined;
  shopId?: number | undefined;
  q?: string | undefined;
  before?: number | undefined;
  limit: number;
}

/** Staff list: newest first, keyset on id. */
export async function listAdmin(db: Db, f: AdminListFilter): Promise<RecruitmentSummary[]> {
  const where: SQL[] = [sql`true`];
  if (f.status) where.push(sql`r.status = ${f.status}`);
  if (f.shopId) where.push(sql`r.shop_id = ${f.shopId}`);
  if (f.q) {
    const like = `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(sql`(r.title ilike ${like} or s.name ilike ${like})`);
  }
  if (f.before) where.push(sql`r.id < ${f.before}`);
  const rows = rowsOf(
    await db.execute(sql`select ${SUMMARY_COLUMNS} from recruitments r join shops s on s.id = r.shop_id
      where ${sql.join(where, sql` and `)} order by r.id desc limit ${f.limit}`),
  );
  return rows.map(presentSummary);
}

/**
 * One recruitment as the caller may see it: a draft only for the shop's members and staff (else
 * undefined, as if it did not exist). The seed is answered only once drawn.
 */
export async function findForViewer(db: Db, id: number, viewer: Viewer): Promise<Recruitment | undefined> {
  const rows = rowsOf(
    await db.execute(sql`select ${SUMMARY_COLUMNS}, r.description, r.visit_starts_at, r.visit_ends_at,
        r.conditions, r.platform, r.question, r.seed, r.seed_commitment, r.drawn_at, r.entry_ids,
        r.entry_ids_hash, r.winner_entry_ids, r.declined_entry_ids, r.selection,
        r.closed_early_at, r.close_reason,
        (select json_agg(json_build_object('entry_id', re.id, 'status', re.status,
            'reason', re.release_reason, 'released_at', re.released_at, 'replaced_by', re.replaced_by,
            'replaced_at', re.replaced_at) order by re.released_at, re.id)
          from entries re where re.recruitment_id = r.id and re.released_at is not null) as replacements,
        ${memberOrStaff(viewer)} as can_view_entries,
        (select json_build_object('id', me.id, 'status', me.status) from entries me
          where me.recruitment_id = r.id and me.user_id = ${viewer.userId ?? 0}) as my_entry
      from recruitments r join shops s on s.id = r.shop_id
      where r.id = ${id} and (r.status <> '下書き' or ${memberOrStaff(viewer)})`),
  );
  const row = rows[0];
  if (!row) return undefined;
  const images = json<RecruitmentImage[]>(row.images) ?? [];
  const drawn = row.drawn_at != null;
  const myEntry = json<{ id: number; status: EntryStatus } | null>(row.my_entry);
  const released =
    json<
      | {
          entry_id: number;
          status: string;
          reason: string | null;
          released_at: string;
          replaced_by: number | null;
          replaced_at: string | null;
        }[]
      | null
    >(row.replacements) ?? [];
  return {
    ...presentSummary(row),
    description: String(row.description),
    images: images.map((i) => ({ url: i.url, width: i.width, height: i.height })),
    visit_starts_at: isoOf(row.visit_starts_at),
    visit_ends_at: isoOf(row.visit_ends_at),
    conditions: String(row.conditions),
    platform: row.platform as Recruitment['platform'],
    question: (row.question as string | null) ?? null,
    seed_commitment: (row.seed_commitment as string | null) ?? null,
    seed: drawn && row.selection === 'lottery' ? String(row.seed) : null,
    drawn_at: isoOrNull(row.drawn_at),
    entry_ids: json<number[] | null>(row.entry_ids),
    entry_ids_hash: (row.entry_ids_hash as string | null) ?? null,
    winner_entry_ids: json<number[] | null>(row.winner_entry_ids),
    declined_entry_ids: json<number[] | null>(row.declined_entry_ids),
    selection: row.selection === 'lottery' || row.selection === 'manual' ? row.selection : null,
    closed_early:
      row.closed_early_at != null
        ? { at: isoOf(row.closed_early_at), reason: String(row.close_reason ?? '') }
        : null,
    replacements: released.map((x) => ({
      entry_id: Number(x.entry_id),
      kind: x.status === '辞退' ? ('declined' as const) : ('cancelled' as const),
      reason: x.status === '辞退' ? M.declinedReason : String(x.reason ?? ''),
      released_at: isoOf(x.released_at),
      replaced_by_entry_id: x.replaced_by == null ? null : Number(x.replaced_by),
      replaced_at: isoOrNull(x.replaced_at),
    })),
    apply_problem: null,
    my_entry: myEntry ? { id: Number(myEntry.id), status: myEntry.status } : null,
    can_view_entries: row.can_view_entries === true,
    can_manage: viewer.staff,
  };
}

export interface LockedRecruitment {
  id: number;
  shopId: number;
  title: string;
  status: RecruitmentStatus;
  winnersCount: number;
  applicationStartsAt: Date;
  applicationEndsAt: Date;
  targetPrefecture: string | null;
  targetAudience: string;
  question: string | null;
  platform: string;
  closedEarlyAt: Date | null;
  seed: string | null;
  drawnAt: Date | null;
  selection: string | null;
  entryIds: number[] | null;
  winnerEntryIds: number[] | null;
  declinedEntryIds: number[] | null;
}

/** The row for a change, locked until the transaction ends (draws, status moves). */
export async function lockRecruitment(
  tx: Db,
  id: number,
  lock = true,
): Promise<LockedRecruitment | undefined> {
  const rows = rowsOf(
    await tx.execute(sql`select id, shop_id, title, status, winners_count, application_starts_at,
        application_ends_at, target_prefecture, target_audience, question, platform, closed_early_at, seed,
        drawn_at, selection,
        entry_ids, winner_entry_ids, declined_entry_ids
      from recruitments where id = ${id} ${lock ? sql`for update` : sql``}`),
  );
  const r = rows[0];
  if (!r) return undefined;
  return {
    id: Number(r.id),
    shopId: Number(r.shop_id),
    title: String(r.title),
    status: r.status as RecruitmentStatus,
    winnersCount: Number(r.winners_count),
    applicationStartsAt: new Date(r.application_starts_at as string),
    applicationEndsAt: new Date(r.application_ends_at as string),
    targetPrefecture: (r.target_prefecture as string | null) ?? null,
    targetAudience: String(r.target_audience),
    question: (r.question as string | null) ?? null,
    platform: String(r.platform),
    closedEarlyAt: r.closed_early_at ? new Date(r.closed_early_at as string) : null,
    seed: (r.seed as string | null) ?? null,
    drawnAt: r.drawn_at ? new Date(r.drawn_at as string) : null,
    selection: (r.selection as string | null) ?? null,
    entryIds: json<number[] | null>(r.entry_ids),
    winnerEntryIds: json<number[] | null>(r.winner_entry_ids),
    declinedEntryIds: json<number[] | null>(r.declined_entry_ids),
  };
}

export interface Applicant {
  prefecture: string | null;
  follows: boolean;
  /** Role priority: operators are <= STAFF_PRIORITY. */
  priority: number;
  /** The supporter's review status (承認 to apply, issue 23). */
  status: string;
  /** A member of the company of the recruitment's shop. */
  shopMember: boolean;
  /** Has an approved SNS account on the recruitment's platform. */
  hasAccount: boolean;
}

/** What the apply rules read about the applicant, in one round trip. */
export async function applicant(
  db: Db,
  userId: number,
  shopId: number,
  platform: string,
): Promise<Applicant | undefined> {
  const rows = rowsOf(
    await db.execute(sql`select u.prefecture, u.status, ro.priority,
        exists (select 1 from favorites f where f.user_id = u.id and f.shop_id = ${shopId}) as follows,
        exists (select 1 from shops ms join company_members cm on cm.company_id = ms.company_id
          where ms.id = ${shopId} and cm.user_id = u.id) as shop_member,
        exists (select 1 from sns_accounts sa where sa.user_id = u.id and sa.platform = ${platform}
          and sa.status = '承認') as has_account
      from users u join roles ro on ro.id = u.role_id where u.id = ${userId} and u.deleted_at is null`),
  );
  const r = rows[0];
  if (!r) return undefined;
  return {
    prefecture: (r.prefecture as string | null) ?? null,
    follows: r.follows === true,
    priority: Number(r.priority),
    status: String(r.status),
    shopMember: r.shop_member === true,
    hasAccount: r.has_account === true,
  };
}

/**
 * A recruitment's entries still 応募中, ascending, and those whose supporter may still apply (issue 23:
 * approved, with an approved account on the platform, neither an operator nor one of the shop's
 * company): a supporter rejected or stopped after applying is not drawn.
 */
export async function openEntries(
  tx: Db,
  recruitmentId: number,
  staffPriority: number,
): Promise<{ open: number[]; eligible: number[] }> {
  const rows = rowsOf<{ id: number; eligible: boolean }>(
    await tx.execute(sql`select e.id,
        (u.status = '承認' and u.deleted_at is null and ro.priority > ${staffPriority}
          and exists (select 1 from sns_accounts sa where sa.user_id = u.id and sa.platform = r.platform
            and sa.status = '承認')
          and not exists (select 1 from shops ms join company_members cm on cm.company_id = ms.company_id
            where ms.id = r.shop_id and cm.user_id = u.id)) as eligible
      from entries e join recruitments r on r.id = e.recruitment_id join users u on u.id = e.user_id
        join roles ro on ro.id = u.role_id
      where e.recruitment_id = ${recruitmentId} and e.status = '応募中' order by e.id`),
  );
  return {
    open: rows.map((row) => Number(row.id)),
    eligible: rows.filter((row) => row.eligible === true).map((row) => Number(row.id)),
  };
}

const ENTRY_COLUMNS = sql`e.id, e.status, e.answer, e.post_url, e.created_at, e.visited_at, e.posted_at,
  e.completed_at, e.submissions, e.reject_reason, e.reject_note, e.auto_approved, r.id as r_id, r.title as r_title, r.status as r_status, r.benefit as r_benefit,
  r.platform as r_platform, r.conditions as r_conditions, r.visit_starts_at as r_visit_starts_at,
  r.visit_ends_at as r_visit_ends_at, r.images as r_images, s.name as shop_name`;

function presentEntry(row: Row): Entry {
  const cover = (json<RecruitmentImage[]>(row.r_images) ?? [])[0];
  return {
    id: Number(row.id),
    status: row.status as EntryStatus,
    answer: (row.answer as string | null) ?? null,
    post_url: (row.post_url as string | null) ?? null,
    created_at: isoOf(row.created_at),
    visited_at: isoOrNull(row.visited_at),
    posted_at: isoOrNull(row.posted_at),
    completed_at: isoOrNull(row.completed_at),
    reject_reason: (row.reject_reason as string | null) ?? null,
    reject_note: (row.reject_note as string | null) ?? null,
    can_submit_post: row.status === '体験済' && Number(row.submissions) < MAX_POST_SUBMISSIONS,
    auto_approved: row.auto_approved === true,
    recruitment: {
      id: Number(row.r_id),
      title: String(row.r_title),
      status: row.r_status as RecruitmentStatus,
      shop_name: String(row.shop_name),
      benefit: String(row.r_benefit),
      platform: row.r_platform as Entry['recruitment']['platform'],
      conditions: String(row.r_conditions),
      visit_starts_at: isoOf(row.r_visit_starts_at),
      visit_ends_at: isoOf(row.r_visit_ends_at),
      cover: cover ? { url: cover.url, width: cover.width, height: cover.height } : null,
    },
  };
}

/** The user's own entries, newest first, keyset on id. */
export async function entriesOfUser(db: Db, userId: number, before: number | undefined, limit: number) {
  const rows = rowsOf(
    await db.execute(sql`select ${ENTRY_COLUMNS} from entries e
      join recruitments r on r.id = e.recruitment_id join shops s on s.id = r.shop_id
      where e.user_id = ${userId} ${before ? sql`and e.id < ${before}` : sql``}
      order by e.id desc limit ${limit}`),
  );
  return rows.map(presentEntry);
}

/** One entry, only its owner's. */
export async function entryOfUser(db: Db, userId: number, id: number): Promise<Entry | undefined> {
  const rows = rowsOf(
    await db.execute(sql`select ${ENTRY_COLUMNS} from entries e
      join recruitments r on r.id = e.recruitment_id join shops s on s.id = r.shop_id
      where e.id = ${id} and e.user_id = ${userId}`),
  );
  return rows[0] ? presentEntry(rows[0]) : undefined;
}

/**
 * A recruitment's entries for its shop's members and staff, oldest first, keyset on id: the screen
 * name and the approved SNS accounts only (issue 15: no personal data beyond them).
 */
export async function entriesForShop(
  db: Db,
  recruitmentId: number,
  viewer: Viewer,
  after: number | undefined,
  limit: number,
): Promise<ShopEntry[]> {
  // Issue 23 "Also": the reviewed accounts of sns_accounts (not the login links of social_accounts).
  const rows = rowsOf(
    await db.execute(sql`select e.id, e.status, e.answer, e.post_url, e.reject_reason, e.reject_note,
        e.created_at, u.screen_name,
        coalesce((select json_agg(json_build_object('platform', sa.platform, 'handle', sa.handle,
            'follower_count', sa.follower_count) order by sa.platform <> r.platform, sa.platform, sa.id)
          from sns_accounts sa where sa.user_id = u.id and sa.status = '承認'), '[]'::json) as sns
      from entries e join recruitments r on r.id = e.recruitment_id join users u on u.id = e.user_id
      where e.recruitment_id = ${recruitmentId} and ${memberOrStaff(viewer)}
        ${after ? sql`and e.id > ${after}` : sql``}
      order by e.id limit ${limit}`),
  );
  return rows.map((row) => ({
    id: Number(row.id),
    status: row.status as EntryStatus,
    screen_name: String(row.screen_name),
    sns: json<Omit<ApprovedSnsAccount, 'profile_url'>[]>(row.sns).map((a) => ({
      platform: a.platform,
      handle: a.handle,
      profile_url: snsProfileUrl(a.platform, a.handle),
      follower_count: a.follower_count == null ? null : Number(a.follower_count),
    })),
    answer: (row.answer as string | null) ?? null,
    post_url: (row.post_url as string | null) ?? null,
    reject_reason: (row.reject_reason as string | null) ?? null,
    reject_note: (row.reject_note as string | null) ?? null,
    created_at: isoOf(row.created_at),
  }));
}

/** Whether the recruitment exists for the viewer, and whether the viewer may see its entries. */
export async function entriesAccess(
  db: Db,
  recruitmentId: number,
  viewer: Viewer,
): Promise<{ exists: boolean; allowed: boolean }> {
  const rows = rowsOf(
    await db.execute(sql`select ${memberOrStaff(viewer)} as allowed, r.status from recruitments r
      where r.id = ${recruitmentId}`),
  );
  const r = rows[0];
  if (!r) return { exists: false, allowed: false };
  return { exists: r.status !== '下書き' || r.allowed === true, allowed: r.allowed === true };
}

export interface EntryContact {
  id: number;
  userId: number;
  status: EntryStatus;
  email: string | null;
  name: string;
  recruitmentId: number;
  title: string;
  shopName: string;
  platform: string;
  visitStartsAt: Date;
  visitEndsAt: Date;
  conditions: string;
  shopAddress: string | null;
}

/** Which entries a message goes to: these ids, or the entries of a recruitment in these statuses. */
export type EntryPick = { ids: number[] } | { recruitmentId: number; statuses: EntryStatus[] };

const pickedEntries = (pick: EntryPick): SQL =>
  'ids' in pick
    ? pick.ids.length === 1
      ? sql`e.id = ${pick.ids[0]}`
      : sql`e.id in (${sql.join(
          pick.ids.map((id) => sql`${id}`),
          sql`, `,
        )})`
    : sql`e.recruitment_id = ${pick.recruitmentId} and e.status in (${sql.join(
        pick.statuses.map(literal),
        sql`, `,
      )})`;

/** Entries with what their mails need (recipient, recruitment, shop), by id. */
export async function entryContacts(db: Db, pick: EntryPick): Promise<EntryContact[]> {
  const where = pickedEntries(pick);
  const rows = rowsOf(
    await db.execute(sql`select e.id, e.status, e.user_id, u.email, u.name, r.id as recruitment_id, r.title,
        r.platform, r.visit_starts_at, r.visit_ends_at, r.conditions, s.name as shop_name, s.address
      from entries e join users u on u.id = e.user_id and u.deleted_at is null
        join recruitments r on r.id = e.recruitment_id join shops s on s.id = r.shop_id
      where ${where} order by e.id`),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    userId: Number(r.user_id),
    status: r.status as EntryStatus,
    email: (r.email as string | null) ?? null,
    name: String(r.name),
    recruitmentId: Number(r.recruitment_id),
    title: String(r.title),
    shopName: String(r.shop_name),
    platform: String(r.platform),
    visitStartsAt: new Date(r.visit_starts_at as string),
    visitEndsAt: new Date(r.visit_ends_at as string),
    conditions: String(r.conditions),
    shopAddress: (r.address as string | null) ?? null,
  }));
}
