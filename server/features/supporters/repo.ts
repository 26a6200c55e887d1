import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
import {
  type Profile,
  ROLE_PRIORITY,
  type ReviewStatus,
  type SnsAccount,
  type SnsPlatform,
  type SnsReviewItem,
  snsProfileUrl,
  type SupporterDetail,
  type SupporterRow,
  type UserRoleName,
} from '../../../contracts/supporters.ts';
import { type Db, rowsOf } from '../../platform/db/client.ts';
// NOTE: another feature's schema.ts is the one cross-feature import allowed (ADR 0005).
import { users } from '../accounts/schema.ts';
import { snsAccounts, supporterReviews } from './schema.ts';

/** Queries of the supporters feature. Whose row it is sits in each WHERE (product design section 1). */

type Row = Record<string, unknown>;
const iso = (v: unknown): string => (v instanceof Date ? v : new Date(String(v))).toISOString();
const isoOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : iso(v));

// --- SNS accounts ------------------------------------------------------------------------------------------

type SnsRow = typeof snsAccounts.$inferSelect;

export function presentSns(row: SnsRow): SnsAccount {
  return {
    id: row.id,
    provider: row.platform,
    handle: row.handle,
    profile_url: snsProfileUrl(row.platform, row.handle),
    follower_count: row.followerCount,
    status: row.status,
    ownership_code: row.ownershipCode,
    reject_reason: row.rejectReason,
    created_at: iso(row.createdAt),
    reviewed_at: isoOrNull(row.reviewedAt),
  };
}

export async function listMySns(db: Db, userId: number): Promise<SnsAccount[]> {
  const rows = await db
    .select()
    .from(snsAccounts)
    .where(eq(snsAccounts.userId, userId))
    .orderBy(asc(snsAccounts.id));
  return rows.map(presentSns);
}

export async function countMySns(db: Db, userId: number): Promise<number> {
  const [row] = rowsOf(
    await db.execute(sql`select count(*)::int as n from sns_accounts where user_id = ${userId}`),
  );
  return Number(row?.n ?? 0);
}

/** Who holds a living claim (not 却下) on this platform and handle. */
export async function claimHolder(db: Db, platform: SnsPlatform, handle: string): Promise<number | null> {
  const [row] = await db
    .select({ userId: snsAccounts.userId })
    .from(snsAccounts)
    .where(
      and(
        eq(snsAccounts.platform, platform),
        sql`lower(${snsAccounts.handle}) = ${handle.toLowerCase()}`,
        ne(snsAccounts.status, '却下'),
      ),
    );
  return row?.userId ?? null;
}

export async function insertSns(
  db: Db,
  values: { userId: number; platform: SnsPlatform; handle: string; ownershipCode: string },
): Promise<SnsAccount> {
  const [row] = await db.insert(snsAccounts).values(values).returning();
  return presentSns(row!);
}

/** Deletes one of the user's own accounts; answers whether there was one. */
export async function deleteMySns(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(snsAccounts)
    .where(and(eq(snsAccounts.id, id), eq(snsAccounts.userId, userId)))
    .returning({ id: snsAccounts.id });
  return rows.length > 0;
}

const REVIEW_ITEM = sql`sa.*, u.id as u_id, u.name as u_name, u.screen_name as u_screen_name, u.email as u_email`;

function presentReviewItem(row: Row): SnsReviewItem & { email: string | null } {
  const sns = presentSns({
    id: Number(row.id),
    userId: Number(row.user_id),
    platform: row.platform as SnsPlatform,
    handle: String(row.handle),
    followerCount: row.follower_count === null ? null : Number(row.follower_count),
    status: row.status as ReviewStatus,
    ownershipCode: String(row.ownership_code),
    ownershipCheck: (row.ownership_check as SnsRow['ownershipCheck']) ?? null,
    rejectReason: (row.reject_reason as string | null) ?? null,
    reviewedBy: row.reviewed_by === null ? null : Number(row.reviewed_by),
    reviewedAt: row.reviewed_at === null ? null : new Date(String(row.reviewed_at)),
    createdAt: new Date(String(row.created_at)),
  });
  return {
    ...sns,
    user: { id: Number(row.u_id), name: String(row.u_name), screen_name: String(row.u_screen_name) },
    ownership_check: (row.ownership_check as SnsReviewItem['ownership_check']) ?? null,
    email: (row.u_email as string | null) ?? null,
  };
}

/** The staff queue: 審査中, oldest first (ids grow with time), of supporters who have not left. */
export async function reviewQueue(db: Db, cursor: number | undefined, limit: number) {
  const rows = rowsOf(
    await db.execute(sql`
      select ${REVIEW_ITEM} from sns_accounts sa join users u on u.id = sa.user_id
      where sa.status = '審査中' and u.deleted_at is null ${cursor ? sql`and sa.id > ${cursor}` : sql``}
      order by sa.id asc limit ${limit + 1}`),
  );
  const items = rows.slice(0, limit).map(presentReviewItem);
  return { items, more: rows.length > limit };
}

/** Locks one waiting account for a decision; null when it does not exist. */
export async function lockForReview(db: Db, id: number) {
  const [row] = rowsOf(
    await db.execute(sql`
      select ${REVIEW_ITEM} from sns_accounts sa join users u on u.id = sa.user_id
      where sa.id = ${id} and u.deleted_at is null for update of sa`),
  );
  return row ? presentReviewItem(row) : null;
}

export async function decideSns(
  db: Db,
  id: number,
  values: {
    status: '承認' | '却下';
    reviewerId: number;
    at: Date;
    check: SnsRow['ownershipCheck'];
    rejectReason?: string;
    followerCount?: number;
  },
) {
  await db
    .update(snsAccounts)
    .set({
      status: values.status,
      reviewedBy: values.reviewerId,
      reviewedAt: values.at,
      ownershipCheck: values.check,
      rejectReason: values.rejectReason ?? null,
      ...(values.followerCount !== undefined ? { followerCount: values.followerCount } : {}),
    })
    .where(and(eq(snsAccounts.id, id), eq(snsAccounts.status, '審査中')));
  return lockForReview(db, id);
}

// --- the supporter's own profile ----------------------------------------------------------------------------

export async function findProfile(db: Db, userId: number): Promise<Profile | null> {
  const [row] = await db
    .select({
      name: users.name,
      screen_name: users.screenName,
      avatar_url: users.avatarUrl,
      bio: users.bio,
      prefecture: users.prefecture,
      birth_year: users.birthYear,
      favorites_public: users.favoritesPublic,
    })
    .from(users)
    .where(and(eq(users.id, userId), sql`${users.deletedAt} is null`));
  return row ?? null;
}

/** Users and shops share `/{screen_name}` (ADR 0050): a name held by another user or by a shop is taken. */
export async function screenNameTakenByOther(db: Db, userId: number, screenName: string): Promise<boolean> {
  const name = screenName.toLowerCase();
  const rows = rowsOf(
    await db.execute(sql`
      select 1 from users where lower(screen_name) = ${name} and id <> ${userId}
      union all select 1 from shops where lower(screen_name) = ${name}
      limit 1`),
  );
  return rows.length > 0;
}

// --- staff: the supporter list ---------------------------------------------------------------------------------

export interface SupporterFilter {
  q?: string | undefined;
  status?: ReviewStatus | undefined;
  prefecture?: string | undefined;
  hasSns?: boolean | undefined;
}
export type SupporterSort = 'newest' | 'oldest' | 'name';
export type SupporterCursor = { sort: SupporterSort; id: number; name?: string };

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * One row of the list. NOTE: no bank data is selected here, ever (issue 16: the list never shows bank
 * numbers); the bank feature's table is not joined.
 */
const ROW_SELECT = sql`
  u.id, u.name, u.screen_name, u.email, u.avatar_url, u.prefecture, u.status, u.created_at,
  (select count(*)::int from sns_accounts s where s.user_id = u.id and s.status = '承認') as approved_sns_count,
  (select count(*)::int from favorites f where f.user_id = u.id) as favorites_count`;

/** A whole e-mail address: one `@`, no spaces, a dot in the domain. */
const WHOLE_ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The staff search word (ADR 0157): a whole address finds its account through the unique index of
 * addresses; a word with `@` after its first character is the beginning of an address (`taro@`, found by
 * prefix in a B-tree); a word that starts with `@` is part of the domain, looked for anywhere in addresses;
 * any other word is looked for in names, user names and addresses (trigram indexes, migration 0016).
 * Names and user names have no `@`.
 */
function matching(q: string): SQL {
  if (WHOLE_ADDRESS.test(q)) return sql`lower(u.email) = ${q}`;
  const word = likeEscape(q);
  if (q.indexOf('@') > 0) return sql`lower(u.email) like ${`${word}%`}`;
  const inAddress = sql`lower(coalesce(u.email, '')) like ${`%${word}%`}`;
  if (q.startsWith('@')) return inAddress;
  return sql`(lower(u.name) like ${`%${word}%`} or lower(u.screen_name) like ${`%${word}%`} or ${inAddress})`;
}

function where(filter: SupporterFilter): SQL {
  const parts: SQL[] = [sql`u.deleted_at is null`];
  if (filter.q) parts.push(matching(filter.q.toLowerCase()));
  if (filter.status) parts.push(sql`u.status = ${filter.status}`);
  if (filter.prefecture) parts.push(sql`u.prefecture = ${filter.prefecture}`);
  if (filter.hasSns !== undefined) {
    const exists = sql`exists (select 1 from sns_accounts s where s.user_id = u.id and s.status = '承認')`;
    parts.push(filter.hasSns ? exists : sql`not ${exists}`);
  }
  return sql.join(parts, sql` and `);
}

function order(sort: SupporterSort): SQL {
  if (sort === 'oldest') return sql`u.id asc`;
  if (sort === 'name') return sql`lower(u.screen_name) asc, u.id asc`;
  return sql`u.id desc`;
}

function after(cursor: SupporterCursor | undefined): SQL {
  if (!cursor) return sql``;
  if (cursor.sort === 'oldest') return sql`and u.id > ${cursor.id}`;
  if (cursor.sort === 'name')
    return sql`and (lower(u.screen_name), u.id) > (${cursor.name ?? ''}, ${cursor.id})`;
  return sql`and u.id < ${cursor.id}`;
}

export function presentRow(row: Row): SupporterRow {
  return {
    id: Number(row.id),
    name: String(row.name),
    screen_name: String(row.screen_name),
    email: (row.email as string | null) ?? null,
    avatar_url: (row.avatar_url as string | null) ?? null,
    prefecture: (row.prefecture as string | null) ?? null,
    status: row.status as ReviewStatus,
    approved_sns_count: Number(row.approved_sns_count),
    favorites_count: Number(row.favorites_count),
    created_at: iso(row.created_at),
  };
}

export async function supporterPage(
  db: Db,
  filter: SupporterFilter,
  sort: SupporterSort,
  cursor: SupporterCursor | undefined,
  limit: number,
): Promise<{ items: SupporterRow[]; more: boolean }> {
  const rows = rowsOf(
    await db.execute(sql`
      select ${ROW_SELECT} from users u
      where ${where(filter)} ${after(cursor)}
      order by ${order(sort)} limit ${limit + 1}`),
  );
  return { items: rows.slice(0, limit).map(presentRow), more: rows.length > limit };
}

export async function supporterExport(db: Db, filter: SupporterFilter, sort: SupporterSort, max: number) {
  const rows = rowsOf(
    await db.execute(sql`
      select ${ROW_SELECT} from users u where ${where(filter)} order by ${order(sort)} limit ${max + 1}`),
  );
  return { items: rows.slice(0, max).map(presentRow), more: rows.length > max };
}

export async function supporterDetail(db: Db, id: number): Promise<SupporterDetail | null> {
  const [row] = rowsOf(
    await db.execute(sql`
      select ${ROW_SELECT}, u.bio, u.birth_year, u.email_verified_at is not null as email_verified,
        (select r.name from roles r where r.id = u.role_id) as role
      from users u where u.id = ${id} and u.deleted_at is null`),
  );
  if (!row) return null;
  const sns = await listMySns(db, id);
  const history = rowsOf(
    await db.execute(sql`
      select r.status, r.reason, r.created_at, rv.name as reviewer_name
      from supporter_reviews r left join users rv on rv.id = r.reviewer_id
      where r.user_id = ${id} order by r.id desc limit 50`),
  );
  return {
    ...presentRow(row),
    role: row.role as UserRoleName,
    bio: (row.bio as string | null) ?? null,
    birth_year: row.birth_year === null ? null : Number(row.birth_year),
    email_verified: row.email_verified === true,
    sns_accounts: sns,
    status_history: history.map((h) => ({
      status: h.status as ReviewStatus,
      reason: (h.reason as string | null) || null,
      reviewer_name: (h.reviewer_name as string | null) ?? null,
      created_at: iso(h.created_at),
    })),
  };
}

/** Sets the review status and keeps the change; answers the user's name and address for the mail, and the status before. */
/** The supporter's review status before a change, read under the row's lock; undefined when no such person. */
export async function lockSupporterStatus(db: Db, id: number): Promise<string | null | undefined> {
  // The status before is kept by the staff audit log with the one after (issue 24).
  const [previous] = rowsOf(
    await db.execute(sql`select status from users where id = ${id} and deleted_at is null for update`),
  );
  return previous ? ((previous.status as string | null) ?? null) : undefined;
}

/** The review's row (who decided what, and why). */
export async function insertReview(
  db: Db,
  values: { userId: number; status: ReviewStatus; reason: string; reviewerId: number },
): Promise<number> {
  const [review] = await db
    .insert(supporterReviews)
    .values({
      userId: values.userId,
      status: values.status,
      reason: values.reason || null,
      reviewerId: values.reviewerId,
    })
    .returning({ id: supporterReviews.id });
  return review!.id;
}

// --- roles (issue 24) ----------------------------------------------------------------------------------------

/** A user's role as the role change sees it, with the row locked. */
export interface LockedRole {
  id: number;
  priority: number;
  role: UserRoleName;
}

/**
 * Locks, in id order, the rows of every admin and of the two users a role change is about (the actor and the
 * target), and answers them with their current roles. Two changes that could leave no admin (two admins
 * demoting each other) wait for each other here; the second then reads the first's result (PostgreSQL reads
 * a row locked FOR UPDATE again once the lock is released, and drops it if it is no longer an admin).
 */
export async function lockRoles(tx: Db, actorId: number, targetId: number): Promise<LockedRole[]> {
  const rows = rowsOf(
    await tx.execute(sql`
      select u.id, r.priority, r.name as role from users u join roles r on r.id = u.role_id
      where u.deleted_at is null and (r.priority <= ${ROLE_PRIORITY.admin} or u.id in (${actorId}, ${targetId}))
      order by u.id
      for update of u`),
  );
  return rows.map((r) => ({ id: Number(r.id), priority: Number(r.priority), role: r.role as UserRoleName }));
}

/** Locks the person's row until the caller's transaction ends (two racing adds of an SNS account). */
export async function lockUser(tx: Db, userId: number): Promise<void> {
  await tx.execute(sql`select 1 from users where id = ${userId} for update`);
}

/** A person who leaves: their SNS accounts for posting go (issue 16: the handles are personal and free again). */
export async function deleteSnsAccountsOf(db: Db, userId: number): Promise<void> {
  await db.delete(snsAccounts).where(eq(snsAccounts.userId, userId));
}
