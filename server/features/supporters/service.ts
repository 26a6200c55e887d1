import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  type Profile,
  PROFILE_MESSAGES,
  type ReviewStatus,
  SNS_ACCOUNTS_MAX,
  SNS_MESSAGES,
  SNS_PLATFORM_LABELS,
  type SnsPlatform,
  SUPPORTER_EXPORT_MAX,
  SUPPORTER_MESSAGES,
  SUPPORTER_PAGE_SIZE,
  type SupporterRow,
  SNS_REVIEW_PAGE_SIZE,
  ROLE_MESSAGES,
  ROLE_PRIORITY,
  type RoleChangeResponse,
  type UserRoleName,
} from '../../../contracts/supporters.ts';
import { MESSAGES } from '../../../contracts/common.ts';
import { type Db, isUniqueViolation } from '../../platform/db/client.ts';
import type { Env } from '../../platform/env.ts';
import { HttpError, validationError } from '../../platform/http-errors.ts';
import { audit } from '../../platform/audit.ts';
import type { Outbox } from '../../platform/notify/outbox.ts';
import type { AuthContext } from '../../platform/plugins/access.ts';
import { type ImageStorage, isImageKey } from '../../platform/storage.ts';
import { supporterMails } from './mails.ts';
import type { OwnershipChecker } from './ownership.ts';
import * as repo from './repo.ts';

export interface SupportersDeps {
  db: Db;
  env: Env;
  /** The outbox (issue 26): `notify` bound to the app. */
  outbox: Outbox;
  images: ImageStorage;
  /** Read at each call, so a test can put a fake in its place. */
  ownership: () => OwnershipChecker;
  log: FastifyBaseLogger;
  /** A supporter's review or SNS accounts changed (issue 23: their open offers are looked at again). */
  supporterChanged?: (userId: number) => Promise<void>;
  /** The accounts feature's service: the person's row changes through it, in the caller's transaction (ADR 0182). */
  accounts: SupporterAccounts;
}

/** What the supporters feature asks of the accounts feature (its AccountService answers it). */
export interface SupporterAccounts {
  saveProfile(
    db: Db,
    userId: number,
    values: {
      name: string;
      screenName: string;
      bio: string | null;
      prefecture: string | null;
      birthYear: number | null;
      favoritesPublic: boolean;
    },
  ): Promise<boolean>;
  setAvatar(db: Db, userId: number, url: string | null): Promise<string | null>;
  setSupporterStatus(
    tx: Db,
    userId: number,
    status: string,
  ): Promise<{ name: string; email: string | null } | null>;
  setRole(tx: Db, userId: number, role: string, at: Date): Promise<void>;
}

/** Unambiguous letters and digits (no 0/O, 1/I/L): people copy the code by eye into a bio. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export function newOwnershipCode(): string {
  let code = '';
  for (let i = 0; i < 6; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return `FOCUS-${code}`;
}

const notFound = (message: string = MESSAGES.notFound) => new HttpError(404, message);

/** The supporter's SNS accounts, profile and review (issue 16). */
export class SupportersService {
  constructor(private readonly deps: SupportersDeps) {}

  private get db() {
    return this.deps.db;
  }
  private link(path: string) {
    return new URL(path, this.deps.env.APP_URL).toString();
  }

  // --- SNS accounts ------------------------------------------------------------------------------------------

  async mySns(userId: number) {
    return { items: await repo.listMySns(this.db, userId) };
  }

  async addSns(userId: number, body: { provider: SnsPlatform; handle: string }) {
    return this.db.transaction(async (tx) => {
      // NOTE: the user row is locked so that two racing adds cannot pass the limit together.
      await repo.lockUser(tx, userId);
      if ((await repo.countMySns(tx, userId)) >= SNS_ACCOUNTS_MAX) {
        throw validationError({ handle: [SNS_MESSAGES.tooMany(SNS_ACCOUNTS_MAX)] });
      }
      const holder = await repo.claimHolder(tx, body.provider, body.handle);
      if (holder !== null) {
        throw validationError({
          handle: [holder === userId ? SNS_MESSAGES.duplicateMine : SNS_MESSAGES.duplicateOther],
        });
      }
      try {
        return await repo.insertSns(tx, {
          userId,
          platform: body.provider,
          handle: body.handle,
          ownershipCode: newOwnershipCode(),
        });
      } catch (err) {
        // Two supporters racing for one handle: the partial unique index decides.
        if (isUniqueViolation(err)) throw validationError({ handle: [SNS_MESSAGES.duplicateOther] });
        throw err;
      }
    });
  }

  async deleteSns(userId: number, id: number) {
    if (!(await repo.deleteMySns(this.db, userId, id))) throw notFound(SNS_MESSAGES.notFound);
    await this.deps.supporterChanged?.(userId);
    return { message: SNS_MESSAGES.deleted };
  }

  async reviewQueue(cursor: number | undefined) {
    const { items, more } = await repo.reviewQueue(this.db, cursor, SNS_REVIEW_PAGE_SIZE);
    return {
      items: items.map(({ email: _email, ...item }) => item),
      next_cursor: more ? items.at(-1)!.id : null,
    };
  }

  async approveSns(reviewer: Reviewer, id: number, body: { follower_count?: number }) {
    const waiting = await this.waiting(id);
    // The checker may read the internet: it runs before the transaction, never while a row is locked.
    const check = await this.deps
      .ownership()
      .check(
        { platform: waiting.provider, handle: waiting.handle, profileUrl: waiting.profile_url },
        waiting.ownership_code,
      );
    if (check === 'not_found') throw new HttpError(422, SNS_MESSAGES.codeNotFound(waiting.ownership_code));
    const decided = await this.decide(reviewer, id, {
      status: '承認',
      reviewerId: reviewer.userId,
      check,
      ...(body.follower_count !== undefined ? { followerCount: body.follower_count } : {}),
    });
    const { email: _email, ...item } = decided;
    return item;
  }

  async rejectSns(reviewer: Reviewer, id: number, reason: string) {
    await this.waiting(id);
    const decided = await this.decide(reviewer, id, {
      status: '却下',
      reviewerId: reviewer.userId,
      check: null,
      rejectReason: reason,
    });
    const { email: _email, ...item } = decided;
    return item;
  }

  private async waiting(id: number) {
    const row = await repo.lockForReview(this.db, id);
    if (!row) throw notFound(SNS_MESSAGES.notFound);
    if (row.status !== '審査中') throw new HttpError(409, SNS_MESSAGES.alreadyReviewed);
    return row;
  }

  /** The decision and its audit row (issue 24), in one transaction. */
  private decide(reviewer: Reviewer, id: number, values: Omit<Parameters<typeof repo.decideSns>[2], 'at'>) {
    return this.db.transaction(async (tx) => {
      const row = await repo.lockForReview(tx, id);
      if (!row) throw notFound(SNS_MESSAGES.notFound);
      // Two staff members deciding at once: the second is told, and nothing is mailed twice.
      if (row.status !== '審査中') throw new HttpError(409, SNS_MESSAGES.alreadyReviewed);
      const decided = (await repo.decideSns(tx, id, { ...values, at: new Date() }))!;
      await audit(tx, {
        actor: reviewer,
        action: values.status === '承認' ? 'sns_account.approve' : 'sns_account.reject',
        table: 'sns_accounts',
        id,
        before: { status: row.status, follower_count: row.follower_count },
        after: {
          status: decided.status,
          follower_count: decided.follower_count,
          ...(values.rejectReason !== undefined ? { reject_reason: values.rejectReason } : {}),
        },
        note: values.rejectReason ?? null,
      });
      // Issue 26: the supporter is told in this transaction (the outbox).
      const approved = values.status === '承認';
      const url = this.link('/account-info');
      await this.deps.outbox(tx, {
        to: decided.user.id,
        kind: approved ? 'sns_account.approved' : 'sns_account.rejected',
        record: `sns:${id}:${decided.reviewed_at ?? ''}`,
        params: { platform: SNS_PLATFORM_LABELS[decided.provider], handle: decided.handle },
        mail: approved
          ? supporterMails.snsApproved(decided.user.name, decided.provider, decided.handle, url)
          : supporterMails.snsRejected(
              decided.user.name,
              decided.provider,
              decided.handle,
              values.rejectReason ?? '',
              url,
            ),
      });
      return decided;
    });
  }

  // --- the supporter's own profile ----------------------------------------------------------------------------

  async profile(userId: number): Promise<Profile> {
    const profile = await repo.findProfile(this.db, userId);
    if (!profile) throw new HttpError(401, MESSAGES.unauthenticated);
    return profile;
  }

  async saveProfile(
    userId: number,
    body: {
      name: string;
      screen_name: string;
      bio: string | null;
      prefecture: string | null;
      birth_year: number | null;
      favorites_public: boolean;
    },
  ): Promise<Profile> {
    if (await repo.screenNameTakenByOther(this.db, userId, body.screen_name)) {
      throw validationError({ screen_name: [PROFILE_MESSAGES.screenNameTaken] });
    }
    try {
      await this.deps.accounts.saveProfile(this.db, userId, {
        name: body.name,
        screenName: body.screen_name,
        bio: body.bio,
        prefecture: body.prefecture,
        birthYear: body.birth_year,
        favoritesPublic: body.favorites_public,
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw validationError({ screen_name: [PROFILE_MESSAGES.screenNameTaken] });
      throw err;
    }
    return this.profile(userId);
  }

  async setAvatar(userId: number, url: string | null): Promise<Profile> {
    const replaced = await this.deps.accounts.setAvatar(this.db, userId, url);
    const key = replaced ? /([a-z]+\/\d{4}\/[0-9a-f]{32}\.webp)$/.exec(replaced)?.[1] : undefined;
    if (key && isImageKey(key) && replaced === this.deps.images.store.url(key)) {
      await this.deps.images
        .delete(key)
        .catch((err: unknown) => this.deps.log.warn({ err, key }, 'old avatar kept'));
    }
    return this.profile(userId);
  }

  // --- staff: the supporter list ---------------------------------------------------------------------------------

  async supporterPage(query: ListQuery) {
    const cursor = query.cursor ? decodeCursor(query.cursor, query.sort) : undefined;
    const { items, more } = await repo.supporterPage(
      this.db,
      filterOf(query),
      query.sort,
      cursor,
      SUPPORTER_PAGE_SIZE,
    );
    const last = items.at(-1);
    return { items, next_cursor: more && last ? encodeCursor(query.sort, last) : null };
  }

  async supporterCsv(query: ListQuery): Promise<string> {
    const { items, more } = await repo.supporterExport(
      this.db,
      filterOf(query),
      query.sort,
      SUPPORTER_EXPORT_MAX,
    );
    if (more) throw new HttpError(422, SUPPORTER_MESSAGES.exportTooLarge(SUPPORTER_EXPORT_MAX));
    return toCsv(items);
  }

  async supporterDetail(id: number) {
    const detail = await repo.supporterDetail(this.db, id);
    if (!detail) throw notFound(SUPPORTER_MESSAGES.notFound);
    return detail;
  }

  /**
   * The review's change in the caller's transaction: the status before (read under the row's lock), the
   * person's new status (through the accounts feature) and the review's row. Null when the person is gone.
   */
  private async reviewPerson(
    tx: Db,
    id: number,
    values: { status: ReviewStatus; reason: string; reviewerId: number },
  ) {
    const before = await repo.lockSupporterStatus(tx, id);
    if (before === undefined) return null;
    const user = await this.deps.accounts.setSupporterStatus(tx, id, values.status);
    if (!user) return null;
    const reviewId = await repo.insertReview(tx, { userId: id, ...values });
    return { ...user, before, reviewId };
  }

  /** Accounts (ADR 0182): a person who leaves loses their SNS accounts, in the leaving's transaction. */
  forgetPerson(tx: Db, userId: number): Promise<void> {
    return repo.deleteSnsAccountsOf(tx, userId);
  }

  async setSupporterStatus(reviewer: Reviewer, id: number, body: { status: ReviewStatus; reason: string }) {
    const user = await this.db.transaction(async (tx) => {
      const changed = await this.reviewPerson(tx, id, {
        status: body.status,
        reason: body.reason,
        reviewerId: reviewer.userId,
      });
      if (changed) {
        await audit(tx, {
          actor: reviewer,
          action: 'supporter.status',
          table: 'users',
          id,
          before: { status: changed.before },
          after: { status: body.status },
          note: body.reason || null,
        });
        // Issue 26: the account review's result, in this transaction (the outbox).
        if (body.status === '承認' || body.status === '却下')
          await this.deps.outbox(tx, {
            to: id,
            kind: 'supporter.reviewed',
            // One message per review (its row): a replayed change tells nobody twice.
            record: `supporter_review:${changed.reviewId}`,
            params: { approved: body.status === '承認' },
            mail: supporterMails.statusChanged(
              changed.name,
              body.status,
              body.reason,
              this.link('/account-info'),
            ),
          });
        else
          await this.deps.outbox(tx, {
            to: id,
            kind: 'mail.supporter_status',
            // One message per review (its row): a replayed change tells nobody twice.
            record: `supporter_review:${changed.reviewId}`,
            path: '/account-info',
            mail: supporterMails.statusChanged(
              changed.name,
              body.status,
              body.reason,
              this.link('/account-info'),
            ),
          });
      }
      return changed;
    });
    if (!user) throw notFound(SUPPORTER_MESSAGES.notFound);
    await this.deps.supporterChanged?.(id);
    return this.supporterDetail(id);
  }

  /**
   * PUT /api/users/{id}/role (issue 24 "Role changes"): admins only. Nobody grants a role more privileged
   * than their own (read under the lock, so an actor demoted a moment ago grants nothing); the last admin
   * stays (409). Everything is decided on rows locked in one transaction (`repo.lockRoles`), so two admins
   * demoting each other at once leave one. The user's next request already runs with the new role: the
   * bearer check reads the role from the database on every call (accounts/sessions.ts), not from the token.
   */
  async changeRole(actor: AuthContext, id: number, role: UserRoleName): Promise<RoleChangeResponse> {
    const changed = await this.db.transaction(async (tx) => {
      const locked = await repo.lockRoles(tx, actor.userId, id);
      const me = locked.find((r) => r.id === actor.userId);
      const target = locked.find((r) => r.id === id);
      if (!me || me.priority > ROLE_PRIORITY.admin) throw new HttpError(403, ROLE_MESSAGES.adminsOnly);
      if (!target) throw notFound(SUPPORTER_MESSAGES.notFound);
      if (ROLE_PRIORITY[role] < me.priority) throw new HttpError(403, ROLE_MESSAGES.aboveOwn);
      if (target.role === role) return false;
      const admins = locked.filter((r) => r.priority <= ROLE_PRIORITY.admin);
      if (
        target.priority <= ROLE_PRIORITY.admin &&
        ROLE_PRIORITY[role] > ROLE_PRIORITY.admin &&
        admins.length <= 1
      )
        throw new HttpError(409, ROLE_MESSAGES.lastAdmin);
      await this.deps.accounts.setRole(tx, id, role, new Date());
      await recordRoleChange(tx, {
        actor: { userId: actor.userId, priority: me.priority },
        userId: id,
        from: target.role,
        to: role,
      });
      return true;
    });
    return {
      user_id: id,
      role,
      changed,
      message: changed ? ROLE_MESSAGES.changed(role) : ROLE_MESSAGES.unchanged(role),
    };
  }
}

/**
 * The one place a role change is recorded, in the transaction of the change: the staff audit log's row
 * (issue 24 "The staff audit log"; a change whose row cannot be written does not commit).
 */
async function recordRoleChange(
  tx: Db,
  change: {
    actor: Pick<AuthContext, 'userId' | 'priority'>;
    userId: number;
    from: UserRoleName;
    to: UserRoleName;
  },
): Promise<void> {
  await audit(tx, {
    actor: change.actor,
    action: 'user.role',
    table: 'users',
    id: change.userId,
    before: { role: change.from },
    after: { role: change.to },
  });
}

/** The staff member deciding: `{ userId, priority }` from the request (issue 24: the audit log's actor). */
type Reviewer = Pick<AuthContext, 'userId'> & { priority?: number };

type ListQuery = {
  q?: string | undefined;
  status?: ReviewStatus | undefined;
  prefecture?: string | undefined;
  has_sns?: boolean | undefined;
  sort: repo.SupporterSort;
  cursor?: string | undefined;
};

const filterOf = (q: ListQuery): repo.SupporterFilter => ({
  q: q.q || undefined,
  status: q.status,
  prefecture: q.prefecture,
  hasSns: q.has_sns,
});

/** The keyset cursor: the sort, the last row's id (and its screen name for the name sort), base64url. */
function encodeCursor(sort: repo.SupporterSort, row: SupporterRow): string {
  const value = sort === 'name' ? [row.id, row.screen_name.toLowerCase()] : [row.id];
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function decodeCursor(cursor: string, sort: repo.SupporterSort): repo.SupporterCursor {
  const bad = () =>
    validationError({ cursor: ['続きの位置が正しくありません。最初から読み込み直してください。'] });
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
  if (!Array.isArray(value)) throw bad();
  const [id, name] = value as unknown[];
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) throw bad();
  if (sort === 'name') {
    if (typeof name !== 'string' || name.length > 100 || name.includes('\u0000')) throw bad();
    return { sort, id, name };
  }
  return { sort, id };
}

const tokyo = new Intl.DateTimeFormat('ja-JP', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/** A cell a spreadsheet will not run as a formula (CSV injection), quoted as RFC 4180 says. */
function cell(value: string | number | null): string {
  let s = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** UTF-8 with a BOM and CRLF, so that Excel in Japan opens it without garbling. */
export function toCsv(rows: SupporterRow[]): string {
  const head = [
    'ID',
    'お名前',
    'ユーザーID',
    'メールアドレス',
    '都道府県',
    '審査状況',
    '承認済みSNS数',
    'お気に入り数',
    '登録日時',
  ];
  const lines = rows.map((r) =>
    [
      r.id,
      r.name,
      r.screen_name,
      r.email,
      r.prefecture,
      r.status,
      r.approved_sns_count,
      r.favorites_count,
      tokyo.format(new Date(r.created_at)),
    ]
      .map(cell)
      .join(','),
  );
  return `\uFEFF${[head.join(','), ...lines].join('\r\n')}\r\n`;
}
