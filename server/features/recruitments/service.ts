import { MESSAGES } from '../../../contracts/common.ts';
import {
  ADMIN_PAGE_SIZE,
  type AdminRecruitmentPage,
  ENTRY_PAGE_SIZE,
  type Entry,
  type EntryStatus,
  type EntryPage,
  canonicalPostUrl,
  MAX_POST_SUBMISSIONS,
  POST_AUTO_APPROVE_DAYS,
  postUrlProblem,
  type PostPlatform,
  RECRUITMENT_MESSAGES as M,
  RECRUITMENT_PAGE_SIZE,
  type Recruitment,
  type RecruitmentCreate,
  type RecruitmentField,
  type RecruitmentUpdate,
  EDITABLE_FIELDS,
  ENTRY_STATUS,
  EXTEND_ONLY,
  RECRUITMENT_STATUS,
  IMAGES_EDITABLE,
  periodProblems,
  type RecruitmentPage,
  type RecruitmentStatus,
  type ShopEntryPage,
  STAFF_MOVES,
  POST_PLATFORMS,
  RECRUITMENT_PLATFORMS,
} from '../../../contracts/recruitments.ts';
import { STAFF_PRIORITY } from '../../platform/plugins/access.ts';
import { type Db, isUniqueViolation } from '../../platform/db/client.ts';
import { HttpError, validationError } from '../../platform/http-errors.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { MailContent } from '../../platform/mail.ts';
import type { Outbox } from '../../platform/notify/outbox.ts';
import { audit } from '../../platform/audit.ts';
import { authorInPostUrl, type PostChecker, sameHandle, UNKNOWN_POST } from '../../platform/post-checker.ts';
import type { StoredImage } from '../../platform/storage.ts';
import { entryIdsHash, newSeed, rankEntries } from './lottery.ts';
import { mails } from './mails.ts';
import * as repo from './repo.ts';
import * as changes from './repo-changes.ts';

/** The queues of this feature (declared in ./setup.ts). */
export const CLOCK_QUEUE = 'recruitments.clock';

/** Days after the visit period when a recruitment whose winners were announced is 終了. */
const FINISH_AFTER_DAYS = 14;

export type Viewer = repo.Viewer;

export interface RecruitmentDeps {
  db: Db;
  jobs: Pick<Jobs, 'send'>;
  /** The outbox (issue 26): `notify` bound to the app. */
  outbox: Outbox;
  appUrl: string;
  /** Whether a sent post exists and shows #PR (server/platform/post-checker.ts); fake when absent. */
  checker?: PostChecker;
  now?: () => Date;
}

/**
 * Monitor recruitments (issue 15): create, open, apply, draw, pick, and the steps of a winner. Every
 * change and the mails it causes are one transaction: a mail job exists only if the change committed.
 */
export class RecruitmentService {
  private readonly db: Db;
  private readonly now: () => Date;
  private readonly checker: PostChecker;

  constructor(private readonly deps: RecruitmentDeps) {
    this.db = deps.db;
    this.checker = deps.checker ?? { check: async () => UNKNOWN_POST };
    this.now = deps.now ?? (() => new Date());
  }

  /* ------------------------------------------------------------------ recruitments */

  async create(input: RecruitmentCreate, images: StoredImage[], staffId: number): Promise<Recruitment> {
    if (!(await changes.shopExists(this.db, input.shop_id)))
      throw validationError({ shop_id: [M.shopNotFound] });
    const id = await this.db.transaction(async (tx) => {
      const created = await changes.insertRecruitment(tx, {
        shopId: input.shop_id,
        title: input.title,
        description: input.description,
        images: images.map((i) => ({ key: i.key, url: i.url, width: i.width, height: i.height })),
        benefit: input.benefit,
        benefitValue: input.benefit_value,
        winnersCount: input.winners_count,
        applicationStartsAt: new Date(input.application_starts_at),
        applicationEndsAt: new Date(input.application_ends_at),
        visitStartsAt: new Date(input.visit_starts_at),
        visitEndsAt: new Date(input.visit_ends_at),
        platform: input.platform,
        conditions: input.conditions,
        targetPrefecture: input.target_prefecture ?? null,
        targetAudience: input.target_audience,
        question: input.question ?? null,
        createdBy: staffId,
      });
      // Issue 24: staff changes are audited in their transaction.
      await audit(tx, {
        actor: { userId: staffId },
        action: 'recruitment.create',
        table: 'recruitments',
        id: created,
        after: { shop_id: input.shop_id, title: input.title, status: RECRUITMENT_STATUS.draft },
      });
      return created;
    });
    return this.get(id, { userId: staffId, staff: true });
  }

  /**
   * Staff edit a recruitment (ADR 0082): the fields sent that differ from the stored ones must be
   * editable in its status (EDITABLE_FIELDS); after opening, the deadline and the visit period's end
   * only move later and the number of winners only grows; the merged dates must still make sense.
   * New photos replace the old set; the keys of the replaced photos are answered for deletion.
   */
  async update(
    id: number,
    patch: RecruitmentUpdate,
    images: StoredImage[] | null,
    staffId: number,
  ): Promise<{ recruitment: Recruitment; replacedImageKeys: string[] }> {
    const replacedImageKeys = await this.db.transaction(async (tx) => {
      const row = await changes.lockRecruitmentRow(tx, id);
      if (!row) throw new HttpError(404, M.notFound);
      const status = row.status as RecruitmentStatus;
      if (status === '終了') throw new HttpError(409, M.notEditable);
      const stored: Record<RecruitmentField, string | number | null> = {
        shop_id: row.shopId,
        title: row.title,
        description: row.description,
        benefit: row.benefit,
        benefit_value: row.benefitValue,
        winners_count: row.winnersCount,
        application_starts_at: row.applicationStartsAt.toISOString(),
        application_ends_at: row.applicationEndsAt.toISOString(),
        visit_starts_at: row.visitStartsAt.toISOString(),
        visit_ends_at: row.visitEndsAt.toISOString(),
        platform: row.platform,
        conditions: row.conditions,
        target_prefecture: row.targetPrefecture,
        target_audience: row.targetAudience,
        question: row.question,
      };
      const changed = (Object.keys(patch) as RecruitmentField[]).filter(
        (k) => patch[k] !== undefined && (patch[k] ?? null) !== stored[k],
      );
      const problems: Record<string, string[]> = {};
      const editable = EDITABLE_FIELDS[status];
      for (const k of changed) {
        const value = patch[k];
        if (!editable.includes(k)) problems[k] = [M.lockedField(status)];
        else if (status !== '下書き' && EXTEND_ONLY.includes(k) && String(value) < String(stored[k]))
          problems[k] = [M.extendOnly];
        else if (status !== '下書き' && k === 'winners_count' && Number(value) < Number(stored[k]))
          problems[k] = [M.moreWinnersOnly];
      }
      if (images?.length && !IMAGES_EDITABLE.includes(status)) problems.images = [M.imagesLocked];
      if (
        changed.includes('platform') &&
        !(RECRUITMENT_PLATFORMS as readonly string[]).includes(String(patch.platform))
      )
        (problems.platform ??= []).push(M.platformRetired);
      const merged = { ...stored, ...Object.fromEntries(changed.map((k) => [k, patch[k] ?? null])) };
      for (const [k, messages] of Object.entries(
        periodProblems(merged as Parameters<typeof periodProblems>[0]),
      ))
        if (changed.includes(k as RecruitmentField) || !problems[k]) (problems[k] ??= []).push(...messages);
      if (Object.keys(problems).length) throw validationError(problems);
      if (changed.includes('shop_id')) {
        if (!(await changes.shopExists(tx, patch.shop_id!)))
          throw validationError({ shop_id: [M.shopNotFound] });
      }
      const at = (k: RecruitmentField) => (changed.includes(k) ? new Date(String(merged[k])) : undefined);
      const pick = <T>(k: RecruitmentField): T | undefined =>
        changed.includes(k) ? (merged[k] as T) : undefined;
      const set: Partial<changes.RecruitmentValues> = {
        shopId: pick<number>('shop_id'),
        title: pick<string>('title'),
        description: pick<string>('description'),
        benefit: pick<string>('benefit'),
        benefitValue: pick<number>('benefit_value'),
        winnersCount: pick<number>('winners_count'),
        applicationStartsAt: at('application_starts_at'),
        applicationEndsAt: at('application_ends_at'),
        visitStartsAt: at('visit_starts_at'),
        visitEndsAt: at('visit_ends_at'),
        platform: pick<string>('platform'),
        conditions: pick<string>('conditions'),
        targetPrefecture: pick<string | null>('target_prefecture'),
        targetAudience: pick<string>('target_audience'),
        question: pick<string | null>('question'),
      };
      for (const k of Object.keys(set) as (keyof typeof set)[]) if (set[k] === undefined) delete set[k];
      // A scheduled draft whose start moved opens on the new first day.
      if (row.publishAt && set.applicationStartsAt) set.publishAt = set.applicationStartsAt;
      if (images?.length)
        set.images = images.map((i) => ({ key: i.key, url: i.url, width: i.width, height: i.height }));
      if (!Object.keys(set).length) return [];
      await changes.updateRecruitment(tx, id, { ...set, updatedAt: this.now() });
      await audit(tx, {
        actor: { userId: staffId },
        action: 'recruitment.update',
        table: 'recruitments',
        id,
        before: Object.fromEntries(changed.map((k) => [k, stored[k]])),
        after: Object.fromEntries(changed.map((k) => [k, merged[k]])),
        ...(images?.length ? { note: '写真を差し替え' } : {}),
      });
      return images?.length ? row.images.map((i) => i.key) : [];
    });
    return { recruitment: await this.get(id, { userId: staffId, staff: true }), replacedImageKeys };
  }

  async get(id: number, viewer: Viewer): Promise<Recruitment> {
    const found = await repo.findForViewer(this.db, id, viewer);
    if (!found) throw new HttpError(404, M.notFound);
    if (viewer.userId === null || found.status !== '募集中' || found.my_entry) return found;
    const who = await repo.applicant(this.db, viewer.userId, found.shop.id, found.platform);
    return { ...found, apply_problem: who ? applyProblem(who, found.platform) : null };
  }

  async list(query: {
    stage: 'open' | 'in-progress';
    shop_id?: number | undefined;
    prefecture?: string | undefined;
    category?: string | undefined;
    cursor?: string | undefined;
  }): Promise<RecruitmentPage> {
    const [endsAt, id] = query.cursor ? query.cursor.split('_') : [];
    const items = await repo.listPublic(this.db, {
      statuses: query.stage === 'open' ? ['募集中'] : ['募集中', '選考中', '当選発表済'],
      shopId: query.shop_id,
      prefecture: query.prefecture,
      category: query.category || undefined,
      after: endsAt && id ? { endsAt, id: Number(id) } : undefined,
      limit: RECRUITMENT_PAGE_SIZE + 1,
    });
    const more = items.length > RECRUITMENT_PAGE_SIZE;
    const page = items.slice(0, RECRUITMENT_PAGE_SIZE);
    const last = page.at(-1);
    return { items: page, next_cursor: more && last ? `${last.application_ends_at}_${last.id}` : null };
  }

  async adminList(query: {
    status?: RecruitmentStatus | undefined;
    shop_id?: number | undefined;
    q?: string | undefined;
    cursor?: number | undefined;
  }): Promise<AdminRecruitmentPage> {
    const items = await repo.listAdmin(this.db, {
      status: query.status,
      shopId: query.shop_id,
      q: query.q || undefined,
      before: query.cursor,
      limit: ADMIN_PAGE_SIZE + 1,
    });
    const more = items.length > ADMIN_PAGE_SIZE;
    const page = items.slice(0, ADMIN_PAGE_SIZE);
    return { items: page, next_cursor: more ? page.at(-1)!.id : null };
  }

  /** Staff move a recruitment along STAFF_MOVES; opening draws the lottery's seed (rule 1). */
  async changeStatus(id: number, to: RecruitmentStatus, staffId: number): Promise<Recruitment> {
    await this.db.transaction(async (tx) => {
      const r = await repo.lockRecruitment(tx, id);
      if (!r) throw new HttpError(404, M.notFound);
      // ADR 0217: the status it already has is done, not refused (the clock closed it at its deadline
      // while staff looked at the list, a second tab, a retry): nothing changes and nothing is audited.
      if (r.status === to) return;
      if (!STAFF_MOVES[r.status].includes(to)) throw new HttpError(409, M.badTransition(r.status, to));
      const now = this.now();
      await audit(tx, {
        actor: { userId: staffId },
        action: 'recruitment.status',
        table: 'recruitments',
        id,
        before: { status: r.status },
        after: { status: to },
      });
      // Issue 23: closing before the deadline is its own action, with a reason the public page shows.
      if (r.status === '募集中' && to === '選考中' && now <= r.applicationEndsAt)
        throw new HttpError(409, M.closeNeedsReason);
      if (to === '募集中') {
        if (now > r.applicationEndsAt) throw new HttpError(409, M.closed);
        if (now < r.applicationStartsAt) {
          // Published ahead of its start: the clock job opens it on the first day (and draws the seed then).
          await changes.updateRecruitment(tx, id, { publishAt: r.applicationStartsAt, updatedAt: now });
          return;
        }
        await this.open(tx, id, now);
        return;
      }
      await changes.updateRecruitment(tx, id, { status: to, updatedAt: now });
      // Ended without a selection: nobody is left waiting for a result that will not come.
      if (to === RECRUITMENT_STATUS.ended) await changes.loseOpenEntries(tx, id, now);
    });
    return this.get(id, { userId: staffId, staff: true });
  }

  /** Opens a draft: a fresh 32-byte seed whose commitment is published from now on. Idempotent. */
  private async open(tx: Db, id: number, now: Date): Promise<boolean> {
    const { seed, commitment } = newSeed();
    return changes.openDraft(tx, id, { seed, seedCommitment: commitment, now });
  }

  /**
   * Issue 23: staff close applications before the deadline, with a reason; who, when and why are
   * stored, and the public page shows the time and the reason. The draw may follow at once.
   */
  async closeEarly(id: number, reason: string, staffId: number): Promise<Recruitment> {
    await this.db.transaction(async (tx) => {
      const r = await repo.lockRecruitment(tx, id);
      if (!r) throw new HttpError(404, M.notFound);
      const now = this.now();
      if (r.status !== '募集中' || now > r.applicationEndsAt) throw new HttpError(409, M.notClosable);
      await changes.updateRecruitment(tx, id, {
        status: RECRUITMENT_STATUS.selecting,
        closedEarlyAt: now,
        closedEarlyBy: staffId,
        closeReason: reason,
        updatedAt: now,
      });
      await audit(tx, {
        actor: { userId: staffId },
        action: 'recruitment.close_early',
        table: 'recruitments',
        id,
        before: { status: r.status },
        after: { status: '選考中' },
        note: reason,
      });
    });
    return this.get(id, { userId: staffId, staff: true });
  }

  /** Issue 23: no winners before the application period ends, unless staff closed it early. */
  private assertSelectable(r: repo.LockedRecruitment) {
    if (this.now() <= r.applicationEndsAt && !r.closedEarlyAt) throw new HttpError(409, M.beforeDeadline);
  }

  /* ------------------------------------------------------------------ entries */

  async apply(recruitmentId: number, userId: number, answer: string | undefined): Promise<Entry> {
    const r = await repo.lockRecruitment(this.db, recruitmentId, false);
    if (!r) throw new HttpError(404, M.notFound);
    if (r.status === '下書き') throw new HttpError(409, M.draft);
    const now = this.now();
    if (r.status !== '募集中' || now > r.applicationEndsAt) throw new HttpError(409, M.closed);
    if (now < r.applicationStartsAt) throw new HttpError(409, M.notYetOpen);
    const who = await repo.applicant(this.db, userId, r.shopId, r.platform);
    if (!who) throw new HttpError(401, MESSAGES.unauthenticated);
    const problem = applyProblem(who, r.platform);
    if (problem) throw new HttpError(403, problem);
    if (r.targetAudience === 'followers' && !who.follows) throw new HttpError(403, M.followersOnly);
    if (r.targetPrefecture && who.prefecture !== r.targetPrefecture)
      throw new HttpError(403, M.prefectureOnly(r.targetPrefecture));
    if (r.question && !answer) throw validationError({ answer: [M.answerRequired] });

    let entryId: number;
    try {
      entryId = await this.db.transaction(async (tx) => {
        // NOTE: the row is read again under a share lock: an early close or a draw (which lock it for
        // update) that committed since the check above must not get an entry after it froze the list.
        if (!(await changes.stillOpenForShare(tx, recruitmentId, this.now())))
          throw new HttpError(409, M.closed);
        const created = await changes.insertEntry(tx, {
          recruitmentId,
          userId,
          answer: r.question ? (answer ?? null) : null,
        });
        await this.mailEntries(tx, { ids: [created] }, 'mail.entry_received', (c) =>
          mails.entryReceived(this.facts(c)),
        );
        return created;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new HttpError(409, M.alreadyApplied);
      throw err;
    }
    return (await repo.entryOfUser(this.db, userId, entryId))!;
  }

  async myEntries(userId: number, cursor: number | undefined): Promise<EntryPage> {
    const items = await repo.entriesOfUser(this.db, userId, cursor, ENTRY_PAGE_SIZE + 1);
    const more = items.length > ENTRY_PAGE_SIZE;
    const page = items.slice(0, ENTRY_PAGE_SIZE);
    return { items: page, next_cursor: more ? page.at(-1)!.id : null };
  }

  async myEntry(userId: number, id: number): Promise<Entry> {
    const found = await repo.entryOfUser(this.db, userId, id);
    if (!found) throw new HttpError(404, M.entryNotFound);
    return found;
  }

  async shopEntries(
    recruitmentId: number,
    viewer: Viewer,
    cursor: number | undefined,
  ): Promise<ShopEntryPage> {
    const access = await repo.entriesAccess(this.db, recruitmentId, viewer);
    if (!access.exists) throw new HttpError(404, M.notFound);
    if (!access.allowed) throw new HttpError(403, M.notShopMember);
    const items = await repo.entriesForShop(this.db, recruitmentId, viewer, cursor, ENTRY_PAGE_SIZE + 1);
    const more = items.length > ENTRY_PAGE_SIZE;
    const page = items.slice(0, ENTRY_PAGE_SIZE);
    return { items: page, next_cursor: more ? page.at(-1)!.id : null };
  }

  /* ------------------------------------------------------------------ choosing winners */

  /**
   * The lottery (issue 15, rules 2 and 3): after the application period (or an early close, issue 23),
   * freezes the entries that are 応募中 and whose supporter may still apply, publishes their ids and hash, ranks them with the seed and makes the first N winners.
   * Once only: the row is locked, and a drawn recruitment refuses a second draw.
   */
  async draw(id: number, staffId: number): Promise<Recruitment> {
    await this.db.transaction(async (tx) => {
      const r = await repo.lockRecruitment(tx, id);
      if (!r) throw new HttpError(404, M.notFound);
      if (r.selection === 'lottery') throw new HttpError(409, M.alreadyDrawn);
      if (r.selection === 'manual') throw new HttpError(409, M.winnersPicked);
      if (r.status !== '募集中' && r.status !== '選考中') throw new HttpError(409, M.notDrawable);
      if (!r.seed) throw new HttpError(409, M.notDrawable);
      this.assertSelectable(r);
      const { open, eligible } = await repo.openEntries(tx, id, STAFF_PRIORITY);
      if (!eligible.length) throw new HttpError(409, M.noEntries);
      const winners = rankEntries(r.seed, id, eligible).slice(0, r.winnersCount);
      const now = this.now();
      await changes.updateRecruitment(tx, id, {
        status: RECRUITMENT_STATUS.announced,
        drawnAt: now,
        selection: 'lottery',
        entryIds: eligible,
        entryIdsHash: entryIdsHash(eligible),
        winnerEntryIds: winners,
        declinedEntryIds: [],
        updatedAt: now,
      });
      // Entries of supporters who may no longer apply (issue 23) are not drawn: they are 落選 too.
      await this.announce(tx, id, open, winners, now);
      await audit(tx, {
        actor: { userId: staffId },
        action: 'recruitment.draw',
        table: 'recruitments',
        id,
        before: { status: r.status },
        after: { status: '当選発表済', winners },
      });
    });
    return this.get(id, { userId: staffId, staff: true });
  }

  /** Winners chosen by hand (issue 15: "By hand (tick entries)"); the other entries are 落選. */
  async pickWinners(id: number, entryIds: number[], staffId: number): Promise<Recruitment> {
    await this.db.transaction(async (tx) => {
      const r = await repo.lockRecruitment(tx, id);
      if (!r) throw new HttpError(404, M.notFound);
      if (r.selection) throw new HttpError(409, r.selection === 'lottery' ? M.alreadyDrawn : M.winnersPicked);
      if (r.status !== '募集中' && r.status !== '選考中') throw new HttpError(409, M.notDrawable);
      this.assertSelectable(r);
      if (entryIds.length > r.winnersCount)
        throw validationError({ entry_ids: [M.tooManyWinners(r.winnersCount)] });
      const { open, eligible } = await repo.openEntries(tx, id, STAFF_PRIORITY);
      if (!entryIds.every((e) => eligible.includes(e)))
        throw validationError({ entry_ids: [M.notWinnerOfThis] });
      const now = this.now();
      await changes.updateRecruitment(tx, id, {
        status: RECRUITMENT_STATUS.announced,
        drawnAt: now,
        selection: 'manual',
        winnerEntryIds: entryIds,
        updatedAt: now,
      });
      await this.announce(tx, id, open, entryIds, now);
      await audit(tx, {
        actor: { userId: staffId },
        action: 'recruitment.pick',
        table: 'recruitments',
        id,
        after: { status: '当選発表済', winners: entryIds },
      });
    });
    return this.get(id, { userId: staffId, staff: true });
  }

  /**
   * Issue 23: the place of a winner who declined (their own action) or whom staff cancelled with a
   * reason goes to the next rank of the same seed (product design section 7: "a redraw takes the next
   * ranks, never a new seed"). Any other entry has no place to give: 409.
   */
  async redraw(id: number, releasedEntryId: number, staffId: number): Promise<Recruitment> {
    await this.db.transaction(async (tx) => {
      const r = await repo.lockRecruitment(tx, id);
      if (!r) throw new HttpError(404, M.notFound);
      const winners = r.winnerEntryIds ?? [];
      const declined = r.declinedEntryIds ?? [];
      if (r.selection !== 'lottery' || !r.seed || !r.entryIds) throw new HttpError(409, M.notRedrawable);
      const released = await changes.lockReleasedEntry(tx, id, releasedEntryId);
      if (!released || !winners.includes(releasedEntryId) || declined.includes(releasedEntryId))
        throw new HttpError(409, M.nothingToReplace);
      const next = rankEntries(r.seed, id, r.entryIds).find((e) => !winners.includes(e));
      if (next === undefined) throw new HttpError(409, M.noNextRank);
      const now = this.now();
      await changes.updateEntry(tx, releasedEntryId, { replacedBy: next, replacedAt: now, updatedAt: now });
      await changes.makeWinner(tx, id, next, now);
      await changes.updateRecruitment(tx, id, {
        winnerEntryIds: [...winners, next],
        declinedEntryIds: [...declined, releasedEntryId],
        updatedAt: now,
      });
      await this.mailEntries(tx, { ids: [next] }, 'recruitment.won', (c) => mails.won(this.wonFacts(c)));
      await audit(tx, {
        actor: { userId: staffId },
        action: 'recruitment.redraw',
        table: 'recruitments',
        id,
        before: { released: releasedEntryId },
        after: { winner: next },
      });
    });
    return this.get(id, { userId: staffId, staff: true });
  }

  /** Issue 23: the winner declines the place before the visit (当選 -> 辞退); staff may then redraw. */
  async decline(entryId: number, userId: number): Promise<Entry> {
    const entry = await this.myEntry(userId, entryId);
    if (entry.status === '辞退') return entry; // a double click
    const now = this.now();
    const moved = await changes.moveEntry(
      this.db,
      { id: entryId, userId, from: ENTRY_STATUS.won },
      { status: ENTRY_STATUS.declined, releasedAt: now, releasedBy: userId, updatedAt: now },
    );
    if (!moved.length) throw new HttpError(409, M.notDeclinable);
    return this.myEntry(userId, entryId);
  }

  /**
   * Issue 23: staff cancel a win with a reason (当選 or 体験済 -> 当選取消), which the public page lists;
   * the winner is told by mail. The place is then free for a redraw.
   */
  async cancelWin(entryId: number, reason: string, staffId: number): Promise<Recruitment> {
    const recruitmentId = await this.db.transaction(async (tx) => {
      const found = await changes.lockEntry(tx, entryId);
      if (!found) throw new HttpError(404, M.entryNotFound);
      if (found.status !== '当選' && found.status !== '体験済') throw new HttpError(409, M.notCancellable);
      const now = this.now();
      await changes.updateEntry(tx, entryId, {
        status: ENTRY_STATUS.cancelled,
        releasedAt: now,
        releasedBy: staffId,
        releaseReason: reason,
        updatedAt: now,
      });
      await this.mailEntries(tx, { ids: [entryId] }, 'mail.entry_win_cancelled', (c) =>
        mails.winCancelled({ ...this.facts(c), reason }),
      );
      await audit(tx, {
        actor: { userId: staffId },
        action: 'entry.cancel_win',
        table: 'entries',
        id: entryId,
        before: { status: found.status },
        after: { status: '当選取消' },
        note: reason,
      });
      return found.recruitmentId;
    });
    return this.get(recruitmentId, { userId: staffId, staff: true });
  }

  /** Winners 当選, the rest of `eligible` 落選, and a mail to each. */
  private async announce(tx: Db, id: number, eligible: number[], winners: number[], now: Date) {
    if (winners.length) await changes.setEntriesStatus(tx, id, winners, ENTRY_STATUS.won, now);
    const losers = eligible.filter((e) => !winners.includes(e));
    if (losers.length) await changes.setEntriesStatus(tx, id, losers, ENTRY_STATUS.lost, now);
    await this.mailEntries(
      tx,
      { recruitmentId: id, statuses: [ENTRY_STATUS.won, ENTRY_STATUS.lost] },
      (c) => (c.status === '当選' ? 'recruitment.won' : 'recruitment.lost'),
      (c) => (c.status === '当選' ? mails.won(this.wonFacts(c)) : mails.notWon(this.facts(c))),
    );
  }

  /* ------------------------------------------------------------------ a winner's steps */

  /** The shop confirms the winner's visit: 当選 -> 体験済 (members of the shop's company, or staff). */
  confirmVisit(entryId: number, viewer: Viewer): Promise<Entry> {
    return this.shopStep(entryId, viewer, '当選', { status: '体験済', visitedAt: this.now() });
  }

  /** The shop approves the post: 投稿済 -> 完了, with a mail to the supporter. */
  approvePost(entryId: number, viewer: Viewer): Promise<Entry> {
    return this.shopStep(entryId, viewer, '投稿済', { status: '完了', completedAt: this.now() }, (c) =>
      mails.postApproved({ ...this.facts(c), auto: false }),
    );
  }

  private async shopStep(
    entryId: number,
    viewer: Viewer,
    from: EntryStatus,
    set: Partial<changes.EntryValues>,
    mail?: (c: repo.EntryContact) => ReturnType<typeof mails.postApproved>,
  ): Promise<Entry> {
    const found = await this.judgeable(entryId, viewer);
    await this.db.transaction(async (tx) => {
      const moved = await changes.moveEntry(tx, { id: entryId, from }, { ...set, updatedAt: this.now() });
      if (!moved.length) throw new HttpError(409, M.entryStep(found.status));
      if (viewer.staff && viewer.userId !== null)
        await audit(tx, {
          actor: { userId: viewer.userId },
          action: 'entry.judge',
          table: 'entries',
          id: entryId,
          before: { status: from },
          after: { status: set.status ?? from },
        });
      if (mail) await this.mailEntries(tx, { ids: [entryId] }, 'mail.entry_post_approved', mail);
    });
    return (await repo.entryOfUser(this.db, Number(found.user_id), entryId))!;
  }

  /**
   * The shop rejects the post (ADR 0083): 投稿済 -> 体験済 with the reason from the fixed list, and a mail
   * that says whether the one resubmission is left.
   */
  async rejectPost(
    entryId: number,
    viewer: Viewer,
    reason: string,
    note: string | undefined,
  ): Promise<Entry> {
    const found = await this.judgeable(entryId, viewer);
    const now = this.now();
    await this.db.transaction(async (tx) => {
      const moved = await changes.moveEntry(
        tx,
        { id: entryId, from: ENTRY_STATUS.posted },
        {
          status: ENTRY_STATUS.visited,
          rejectReason: reason,
          rejectNote: note || null,
          rejectedAt: now,
          updatedAt: now,
        },
      );
      if (!moved.length) {
        if (found.status === '体験済' && found.reject_reason === reason) return; // a double click
        throw new HttpError(409, M.entryStep(found.status));
      }
      if (viewer.staff && viewer.userId !== null)
        await audit(tx, {
          actor: { userId: viewer.userId },
          action: 'entry.reject_post',
          table: 'entries',
          id: entryId,
          before: { status: '投稿済' },
          after: { status: '体験済', reject_reason: reason },
          note: note || null,
        });
      const canResubmit = moved[0]!.submissions < MAX_POST_SUBMISSIONS;
      await this.mailEntries(
        tx,
        { ids: [entryId] },
        'mail.entry_post_rejected',
        (c) => mails.postRejected({ ...this.facts(c), reason, note: note || null, canResubmit }),
        `:${moved[0]!.submissions}`,
      );
    });
    return (await repo.entryOfUser(this.db, Number(found.user_id), entryId))!;
  }

  /** The entry as its shop's members and staff may judge it (else 404, as if it did not exist). */
  private async judgeable(entryId: number, viewer: Viewer) {
    const found = await changes.judgeableEntry(this.db, entryId, viewer);
    if (!found) throw new HttpError(404, M.entryNotFound);
    return found;
  }

  /**
   * The winner sends the post URL after the visit: 体験済 -> 投稿済 (ADR 0083). The URL must be one post
   * of the recruitment's platform, not sent for another entry, and the post checker must not say the
   * post is missing or lacks the disclosure. After a rejection it may be sent once more.
   */
  async submitPost(entryId: number, userId: number, postUrl: string): Promise<Entry> {
    const entry = await this.myEntry(userId, entryId);
    const platform = entry.recruitment.platform as PostPlatform;
    const problem = postUrlProblem(platform, postUrl);
    if (problem) throw validationError({ post_url: [problem] });
    const url = canonicalPostUrl(postUrl);
    if (entry.status === '投稿済' && entry.post_url === url) return entry; // a double click
    if (entry.status !== '体験済') throw new HttpError(409, M.entryStep(entry.status));
    if (!entry.can_submit_post) throw new HttpError(409, M.resubmitUsed);
    if (await changes.postUrlTaken(this.db, url, entryId))
      throw validationError({ post_url: [M.duplicatePost] });
    // Product design section 8 (issue 23): by one of the winner's approved accounts on the platform, the
    // disclosure as the first word; a platform that cannot be asked leaves it to the shop (check unknown).
    const handles = await changes.approvedHandles(this.db, userId, platform);
    const wrongAuthor = () => validationError({ post_url: [M.wrongAuthor(handles)] });
    const inUrl = authorInPostUrl(platform, url);
    if (inUrl && !handles.some((h) => sameHandle(h, inUrl))) throw wrongAuthor();
    const seen = await this.checker.check(platform, url);
    if (seen.status === 'gone') throw validationError({ post_url: [M.postNotFound] });
    if (seen.status === 'found' && seen.author && !handles.some((h) => sameHandle(h, seen.author!)))
      throw wrongAuthor();
    if (seen.hasDisclosure === false) throw validationError({ post_url: [M.postNoDisclosure] });
    const postCheck =
      seen.status === 'found' && typeof seen.text === 'string' && (seen.author || inUrl) ? 'ok' : 'unknown';
    const moved = await changes.recordPost(this.db, { entryId, userId, url, postCheck, now: this.now() });
    if (!moved) {
      const again = await this.myEntry(userId, entryId);
      if (again.status !== '投稿済' || again.post_url !== url)
        throw new HttpError(409, M.entryStep(again.status));
    }
    return this.myEntry(userId, entryId);
  }

  /**
   * Posts not judged within POST_AUTO_APPROVE_DAYS days are approved (ADR 0083, as units are): 投稿済 ->
   * 完了 with the approval mail. Guarded by the status, so it is idempotent and races a shop's approval
   * safely.
   */
  async autoApprovePosts(): Promise<number> {
    const now = this.now();
    const due = new Date(now.getTime() - POST_AUTO_APPROVE_DAYS * 86_400_000);
    return this.db.transaction(async (tx) => {
      const moved = await changes.autoApprovePosts(tx, due, now);
      if (moved.length)
        await this.mailEntries(tx, { ids: moved }, 'mail.entry_post_approved', (c) =>
          mails.postApproved({ ...this.facts(c), auto: true }),
        );
      return moved.length;
    });
  }

  /* ------------------------------------------------------------------ the clock */

  /**
   * Moves recruitments whose dates passed (the cron job, every few minutes): scheduled drafts open,
   * open ones past their deadline go to 選考中, announced ones end 14 days after the visit period.
   * Idempotent: each move is guarded by the status it moves from.
   */
  async tick(): Promise<{ opened: number; closed: number; finished: number; approved: number }> {
    const now = this.now();
    let opened = 0;
    for (const id of await changes.dueDrafts(this.db, now))
      if (await this.open(this.db, id, now)) opened += 1;
    const closed = await changes.closeExpired(this.db, now);
    const finished = await changes.finishAnnounced(this.db, now, FINISH_AFTER_DAYS);
    const approved = await this.autoApprovePosts();
    return { opened, closed, finished, approved };
  }

  /* ------------------------------------------------------------------ mail */

  private facts(c: repo.EntryContact) {
    return {
      name: c.name,
      title: c.title,
      shopName: c.shopName,
      entryUrl: `${this.deps.appUrl}/entries/${c.id}`,
    };
  }

  private wonFacts(c: repo.EntryContact) {
    return {
      ...this.facts(c),
      shopAddress: c.shopAddress,
      visitStartsAt: c.visitStartsAt,
      visitEndsAt: c.visitEndsAt,
      platform: c.platform,
      conditions: c.conditions,
    };
  }

  /**
   * One message per entry picked by `which`, in the caller's transaction (the outbox, issue 26): the draw's
   * results are notifications (in-app and the person's channels), the other steps transactional mail.
   */
  private async mailEntries(
    tx: Db,
    which: repo.EntryPick,
    kind: string | ((c: repo.EntryContact) => string),
    content: (c: repo.EntryContact) => MailContent,
    recordSuffix = '',
  ) {
    for (const c of await repo.entryContacts(tx, which)) {
      const k = typeof kind === 'string' ? kind : kind(c);
      const record = `entry:${c.id}${recordSuffix}`;
      if (k === 'recruitment.won' || k === 'recruitment.lost') {
        const params = { title: c.title, shop: c.shopName, recruitmentId: c.recruitmentId };
        await this.deps.outbox(tx, { to: c.userId, kind: k, record, params, mail: content(c) });
      } else {
        await this.deps.outbox(tx, {
          to: c.userId,
          kind: k as `mail.${string}`,
          record,
          mail: content(c),
          path: `/entries/${c.id}`,
        });
      }
    }
  }
}

/**
 * Issue 23 "Recruitments" (product design section 8): who may apply, one reason at a time. Operators and
 * members of the shop's company never; a supporter only when approved and holding an approved SNS
 * account on the recruitment's platform.
 */
function applyProblem(who: repo.Applicant, platform: string): string | null {
  if (who.priority <= STAFF_PRIORITY) return M.operatorCannotApply;
  if (who.shopMember) return M.shopMemberCannotApply;
  if (who.status !== '承認') return M.supporterNotApproved;
  if (!who.hasAccount) return M.noApprovedSnsAccount(POST_PLATFORMS[platform as PostPlatform] ?? platform);
  return null;
}
