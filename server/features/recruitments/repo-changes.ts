import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  ENTRY_STATUS,
  type EntryStatus,
  MAX_POST_SUBMISSIONS,
  RECRUITMENT_STATUS,
} from '../../../contracts/recruitments.ts';
import { SUPPORTER_APPROVED } from '../../../contracts/first-steps.ts';
import { type Db, rowsOf } from '../../platform/db/client.ts';
import { literal, memberOrStaff, type Viewer } from './repo.ts';
import { entries, recruitments } from './schema.ts';

/**
 * The recruitments' and entries' changes, and the reads that guard them (ADR 0182: the SQL of the feature
 * lives in its repo files; service.ts holds the rules and the transactions and passes `tx` here). Every
 * function runs in the handle it is given, so a lock taken here lasts until the caller's transaction ends.
 */

export type RecruitmentRow = typeof recruitments.$inferSelect;
export type RecruitmentValues = typeof recruitments.$inferInsert;
export type EntryValues = typeof entries.$inferInsert;

/* ------------------------------------------------------------------ recruitments */

/** Whether the shop exists (a recruitment names one). */
export async function shopExists(db: Db, shopId: number): Promise<boolean> {
  return rowsOf(await db.execute(sql`select id from shops where id = ${shopId}`)).length > 0;
}

export async function insertRecruitment(tx: Db, values: RecruitmentValues): Promise<number> {
  const [created] = await tx.insert(recruitments).values(values).returning({ id: recruitments.id });
  return created!.id;
}

/** The whole row, locked for update until the transaction ends (a staff edit). */
export async function lockRecruitmentRow(tx: Db, id: number): Promise<RecruitmentRow | undefined> {
  const [row] = await tx.select().from(recruitments).where(eq(recruitments.id, id)).for('update');
  return row;
}

export async function updateRecruitment(tx: Db, id: number, set: Partial<RecruitmentValues>): Promise<void> {
  await tx.update(recruitments).set(set).where(eq(recruitments.id, id));
}

/** Opens a draft with its seed; false when it was no longer a draft (idempotent). */
export async function openDraft(
  tx: Db,
  id: number,
  opening: { seed: string; seedCommitment: string; now: Date },
): Promise<boolean> {
  const rows = await tx
    .update(recruitments)
    .set({
      status: RECRUITMENT_STATUS.open,
      seed: opening.seed,
      seedCommitment: opening.seedCommitment,
      openedAt: opening.now,
      publishAt: null,
      updatedAt: opening.now,
    })
    .where(and(eq(recruitments.id, id), eq(recruitments.status, RECRUITMENT_STATUS.draft)))
    .returning({ id: recruitments.id });
  return rows.length > 0;
}

/**
 * Whether applications are still open at `now`, read under a share lock: an early close or a draw (which
 * lock the row for update) that committed meanwhile is seen, and one that comes later waits.
 */
export async function stillOpenForShare(tx: Db, id: number, now: Date): Promise<boolean> {
  const still = rowsOf<{ open: boolean }>(
    await tx.execute(sql`select status = ${literal(RECRUITMENT_STATUS.open)} and ${now.toISOString()}::timestamptz
        <= application_ends_at as open from recruitments where id = ${id} for share`),
  )[0];
  return still?.open === true;
}

/** Scheduled drafts whose publication time has come. */
export async function dueDrafts(db: Db, now: Date): Promise<number[]> {
  return rowsOf<{ id: number }>(
    await db.execute(
      sql`select id from recruitments where status = ${literal(RECRUITMENT_STATUS.draft)} and publish_at <= ${now.toISOString()}::timestamptz`,
    ),
  ).map((r) => Number(r.id));
}

/** Open recruitments past their deadline go to 選考中; the number moved. */
export async function closeExpired(db: Db, now: Date): Promise<number> {
  const closed = await db
    .update(recruitments)
    .set({ status: RECRUITMENT_STATUS.selecting, updatedAt: now })
    .where(
      and(
        eq(recruitments.status, RECRUITMENT_STATUS.open),
        sql`${recruitments.applicationEndsAt} < ${now.toISOString()}::timestamptz`,
      ),
    )
    .returning({ id: recruitments.id });
  return closed.length;
}

/** Announced recruitments whose visit period ended `afterDays` days ago end; the number moved. */
export async function finishAnnounced(db: Db, now: Date, afterDays: number): Promise<number> {
  const finished = await db
    .update(recruitments)
    .set({ status: RECRUITMENT_STATUS.ended, updatedAt: now })
    .where(
      and(
        eq(recruitments.status, RECRUITMENT_STATUS.announced),
        sql`${recruitments.visitEndsAt} + make_interval(days => ${afterDays}) < ${now.toISOString()}::timestamptz`,
      ),
    )
    .returning({ id: recruitments.id });
  return finished.length;
}

/* ------------------------------------------------------------------ entries */

export async function insertEntry(
  tx: Db,
  values: Pick<EntryValues, 'recruitmentId' | 'userId' | 'answer'>,
): Promise<number> {
  const [row] = await tx.insert(entries).values(values).returning({ id: entries.id });
  return row!.id;
}

export async function updateEntry(tx: Db, entryId: number, set: Partial<EntryValues>): Promise<void> {
  await tx.update(entries).set(set).where(eq(entries.id, entryId));
}

/**
 * Moves one entry from status `from` (and of `userId` when given): the ids and submission counts of the rows
 * moved, none when the entry was not in `from` (a race or a double click, which the caller tells apart).
 */
export async function moveEntry(
  db: Db,
  which: { id: number; from: EntryStatus; userId?: number },
  set: Partial<EntryValues>,
): Promise<{ id: number; submissions: number }[]> {
  return db
    .update(entries)
    .set(set)
    .where(
      and(
        eq(entries.id, which.id),
        eq(entries.status, which.from),
        which.userId === undefined ? undefined : eq(entries.userId, which.userId),
      ),
    )
    .returning({ id: entries.id, submissions: entries.submissions });
}

/** Sets the status of these entries of the recruitment (the draw's winners and losers). */
export async function setEntriesStatus(
  tx: Db,
  recruitmentId: number,
  entryIds: number[],
  status: EntryStatus,
  now: Date,
): Promise<void> {
  await tx
    .update(entries)
    .set({ status, updatedAt: now })
    .where(and(eq(entries.recruitmentId, recruitmentId), inArray(entries.id, entryIds)));
}

/** A recruitment ended without a selection: its entries still 応募中 are 落選. */
export async function loseOpenEntries(tx: Db, recruitmentId: number, now: Date): Promise<void> {
  await tx
    .update(entries)
    .set({ status: ENTRY_STATUS.lost, updatedAt: now })
    .where(and(eq(entries.recruitmentId, recruitmentId), eq(entries.status, ENTRY_STATUS.applied)));
}

/** The next rank becomes a winner (a redraw). */
export async function makeWinner(tx: Db, recruitmentId: number, entryId: number, now: Date): Promise<void> {
  await tx
    .update(entries)
    .set({ status: ENTRY_STATUS.won, updatedAt: now })
    .where(and(eq(entries.id, entryId), eq(entries.recruitmentId, recruitmentId)));
}

/** The entry's recruitment and status, locked for update (staff cancel a win). */
export async function lockEntry(
  tx: Db,
  entryId: number,
): Promise<{ recruitmentId: number; status: EntryStatus } | undefined> {
  const found = rowsOf<{ recruitment_id: number; status: EntryStatus }>(
    await tx.execute(sql`select recruitment_id, status from entries where id = ${entryId} for update`),
  )[0];
  return found && { recruitmentId: Number(found.recruitment_id), status: found.status };
}

/**
 * Whether the entry is a released place of this recruitment (declined or cancelled) not yet given to the
 * next rank; locked for update when it is.
 */
export async function lockReleasedEntry(tx: Db, recruitmentId: number, entryId: number): Promise<boolean> {
  const released = rowsOf(
    await tx.execute(sql`select id from entries where id = ${entryId} and recruitment_id = ${recruitmentId}
          and status in (${literal(ENTRY_STATUS.declined)}, ${literal(ENTRY_STATUS.cancelled)}) and replaced_by is null for update`),
  );
  return released.length > 0;
}

/** The entry as its shop's members and staff may judge it; undefined for anyone else. */
export async function judgeableEntry(
  db: Db,
  entryId: number,
  viewer: Viewer,
): Promise<{ status: EntryStatus; user_id: number; reject_reason: string | null } | undefined> {
  return rowsOf<{ status: EntryStatus; user_id: number; reject_reason: string | null }>(
    await db.execute(sql`select e.status, e.user_id, e.reject_reason from entries e
        join recruitments r on r.id = e.recruitment_id where e.id = ${entryId} and ${memberOrStaff(viewer)}`),
  )[0];
}

/** Whether another entry already sent this post URL. */
export async function postUrlTaken(db: Db, url: string, entryId: number): Promise<boolean> {
  return (
    rowsOf(await db.execute(sql`select id from entries where post_url = ${url} and id <> ${entryId} limit 1`))
      .length > 0
  );
}

/** The handles of the person's approved SNS accounts on the platform. */
export async function approvedHandles(db: Db, userId: number, platform: string): Promise<string[]> {
  return rowsOf<{ handle: string }>(
    await db.execute(sql`
        select handle from sns_accounts where user_id = ${userId} and platform = ${platform} and status = ${literal(SUPPORTER_APPROVED)}`),
  ).map((r) => r.handle);
}

/**
 * The winner's post: 体験済 -> 投稿済 with the URL, while a submission is left (MAX_POST_SUBMISSIONS).
 * Whether the entry moved.
 */
export async function recordPost(
  db: Db,
  post: { entryId: number; userId: number; url: string; postCheck: 'ok' | 'unknown'; now: Date },
): Promise<boolean> {
  const moved = await db
    .update(entries)
    .set({
      status: ENTRY_STATUS.posted,
      postUrl: post.url,
      postCheck: post.postCheck,
      postedAt: post.now,
      submissions: sql`${entries.submissions} + 1`,
      rejectReason: null,
      rejectNote: null,
      updatedAt: post.now,
    })
    .where(
      and(
        eq(entries.id, post.entryId),
        eq(entries.userId, post.userId),
        eq(entries.status, ENTRY_STATUS.visited),
        sql`${entries.submissions} < ${MAX_POST_SUBMISSIONS}`,
      ),
    )
    .returning({ id: entries.id });
  return moved.length > 0;
}

/**
 * Posts checked and sent at or before `due` are approved (投稿済 -> 完了, auto); the ids moved. Unknown is not
 * yes (product design section 8): an unchecked post waits for the shop.
 */
export async function autoApprovePosts(tx: Db, due: Date, now: Date): Promise<number[]> {
  const moved = await tx
    .update(entries)
    .set({ status: ENTRY_STATUS.completed, completedAt: now, autoApproved: true, updatedAt: now })
    .where(
      and(
        eq(entries.status, ENTRY_STATUS.posted),
        eq(entries.postCheck, 'ok'),
        sql`${entries.postedAt} <= ${due.toISOString()}::timestamptz`,
      ),
    )
    .returning({ id: entries.id });
  return moved.map((m) => m.id);
}
