import { sql } from 'drizzle-orm';
import type { Platform, PostCheckResult } from '../../../contracts/advertisements.ts';
import { type Db, hotSql, rowsOf } from '../../platform/db/client.ts';
import {
  type RecipientFacts,
  recipientFactsJson,
  recipientFactsOf,
} from '../../platform/notify/preferences.ts';
import { type Actor, shopPeopleToTellEach, unitJudgeableBy } from './repo.ts';

/**
 * The changes of units and the queries of the jobs behind them (issue 28: SQL lives in repo files; the rules
 * that decide when each runs are the service's). Each change is one conditional statement on the unit's
 * status, so a racing double click or job changes a unit once; the caller passes its transaction.
 */

/* ------------------------------------------------------------------------------------- offers */

/** How many places of a request are held: every unit but the declined and expired ones. */
export async function heldUnitCount(tx: Db, adId: number): Promise<number> {
  const [held] = rowsOf<{ n: number }>(
    await tx.execute(sql`
        select count(*)::int as n from units
        where advertisement_id = ${adId} and status not in ('declined', 'expired')`),
  );
  return Number(held?.n ?? 0);
}

/** Inserts an offer (a unit in 'offered') to a supporter for their approved account. Answers its id. */
export async function insertOffer(
  tx: Db,
  offer: {
    adId: number;
    userId: number;
    reward: number;
    at: Date;
    expiresAt: Date;
    platform: Platform;
    snsAccountId: number;
  },
): Promise<number> {
  const [unit] = rowsOf<{ id: number }>(
    await tx.execute(sql`
          insert into units (advertisement_id, user_id, reward, offered_at, expires_at, platform, sns_account_id)
          values (${offer.adId}, ${offer.userId}, ${offer.reward}, ${offer.at}, ${offer.expiresAt}, ${offer.platform}, ${offer.snsAccountId}) returning id`),
  );
  return Number(unit!.id);
}

/**
 * The supporter accepts their open offer before its deadline, for an account on a platform. Answers the
 * unit's request, or null when it is not the supporter's open offer (any more).
 */
export async function acceptOffer(
  tx: Db,
  input: { id: number; userId: number; at: Date; platform: Platform; snsAccountId: number },
): Promise<{ advertisementId: number } | null> {
  const [row] = rowsOf<{ id: number; advertisement_id: number }>(
    await tx.execute(sql`
          update units set status = 'accepted', accepted_at = ${input.at}, platform = ${input.platform}, sns_account_id = ${input.snsAccountId},
            updated_at = now()
          where id = ${input.id} and user_id = ${input.userId} and status = 'offered' and expires_at > ${input.at}
          returning id, advertisement_id`),
  );
  return row ? { advertisementId: Number(row.advertisement_id) } : null;
}

/** Where a request's tracking links lead: its landing URL, else its shop's page (by screen name). */
export async function linkTargetOfAd(
  tx: Db,
  adId: number,
): Promise<{ landingUrl: string | null; screenName: string }> {
  const [target] = rowsOf<{ landing_url: string | null; screen_name: string }>(
    await tx.execute(sql`
          select a.landing_url, s.screen_name from advertisements a join shops s on s.id = a.shop_id
          where a.id = ${adId}`),
  );
  return { landingUrl: target!.landing_url, screenName: target!.screen_name };
}

/** The unit's tracking link. */
export async function setUnitShortLink(tx: Db, id: number, shortLinkId: number): Promise<void> {
  await tx.execute(sql`update units set short_link_id = ${shortLinkId} where id = ${id}`);
}

/** The supporter declines their open offer. Answers its request, or null when it is not open (any more). */
export async function declineOffer(tx: Db, id: number, userId: number): Promise<number | null> {
  const [row] = rowsOf<{ advertisement_id: number }>(
    await tx.execute(sql`
          update units set status = 'declined', updated_at = now()
          where id = ${id} and user_id = ${userId} and status = 'offered' returning advertisement_id`),
  );
  return row ? Number(row.advertisement_id) : null;
}

/** Requests with open offers past their deadline, by id. */
export async function adsWithOverdueOffers(db: Db, at: Date): Promise<number[]> {
  return rowsOf<{ advertisement_id: number }>(
    await db.execute(sql`
        select distinct advertisement_id from units where status = 'offered' and expires_at <= ${at}
        order by advertisement_id`),
  ).map((r) => Number(r.advertisement_id));
}

/** A request's open offers past their deadline expire. Answers how many. */
export async function expireOverdueOffers(tx: Db, adId: number, at: Date): Promise<number> {
  return rowsOf(
    await tx.execute(sql`
            update units set status = 'expired', updated_at = now()
            where advertisement_id = ${adId} and status = 'offered' and expires_at <= ${at} returning id`),
  ).length;
}

/** The given units that are still open offers expire. Answers how many. */
export async function expireOpenOffers(tx: Db, ids: number[]): Promise<number> {
  return rowsOf(
    await tx.execute(sql`
            update units set status = 'expired', updated_at = now()
            where status = 'offered' and id in (${sql.join(
              ids.map((i) => sql`${i}`),
              sql`, `,
            )}) returning id`),
  ).length;
}

/** The open offers of the given requests expire (the requests ended). */
export async function expireOffersOfAds(tx: Db, adIds: number[]): Promise<void> {
  await tx.execute(sql`
        update units set status = 'expired', updated_at = now()
        where status = 'offered' and advertisement_id in (${sql.join(
          adIds.map((i) => sql`${i}`),
          sql`, `,
        )})`);
}

/** The tracking links of a request's units. */
export async function shortLinksOfAd(tx: Db, adId: number): Promise<number[]> {
  return rowsOf<{ short_link_id: number }>(
    await tx.execute(sql`
            select short_link_id from units where short_link_id is not null and advertisement_id = ${adId}`),
  ).map((l) => Number(l.short_link_id));
}

/* ------------------------------------------------------------------------------------- posts */

/** Whether a post URL already proves another unit (prepared: every proof asks it). */
export async function postUrlTaken(db: Db, postUrl: string, exceptId: number): Promise<boolean> {
  const taken = await hotSql(
    db,
    'unit_post_taken',
    sql`select id from units where post_url = ${postUrl} and id <> ${exceptId}`,
  );
  return taken.length > 0;
}

/**
 * The supporter's accepted unit (or one rejected, with a submission left) is posted with its URL and the
 * checker's answer. Answers its submissions so far and the people of the request's shop (`shopId`) to tell
 * of this post at once (`shopPeopleToTellEach`, read by the same statement: issue 29), or null when it cannot
 * be posted (any more).
 */
export async function markPosted(
  tx: Db,
  input: {
    id: number;
    userId: number;
    shopId: number;
    postUrl: string;
    at: Date;
    check: PostCheckResult;
    maxSubmissions: number;
  },
): Promise<{ submissions: number; tellEach: number[] } | null> {
  const [row] = await hotSql<{ submissions: number; tell_each: (number | string)[] }>(
    tx,
    'post_unit_tell_each',
    sql`
            update units set status = 'posted', post_url = ${input.postUrl}, posted_at = ${input.at}, post_check = ${input.check},
              submissions = submissions + 1, reject_reason = null, reject_note = null, updated_at = now()
            where id = ${input.id} and user_id = ${input.userId}
              and (status = 'accepted' or (status = 'rejected' and submissions < ${input.maxSubmissions}))
            returning submissions, ${shopPeopleToTellEach(input.shopId)} as tell_each`,
  );
  return row ? { submissions: Number(row.submissions), tellEach: row.tell_each.map(Number) } : null;
}

/**
 * A posted unit is approved at `at`, by a judge who may judge it (a member of the request's shop, staff) or,
 * with no judge, automatically when posted by `due` and seen by the platform ('ok'). One conditional update,
 * prepared per kind of judge (planning it cost 0.4 ms a call). Answers the unit and whom its message is for
 * (`person`: the supporter's name, null when they left, and what the outbox needs of them; issue 29: read by
 * the update, not statements of their own), or null when not approved.
 */
export async function approvePostedUnit(
  tx: Db,
  id: number,
  judge: Actor | null,
  at: Date,
  due: Date,
): Promise<{
  userId: number;
  reward: number;
  advertisementId: number;
  person: { name: string; facts: RecipientFacts | null } | null;
} | null> {
  // Unknown is not yes (product design section 8): only a post the platform showed is approved unseen.
  const condition = judge ? unitJudgeableBy(judge) : sql`posted_at <= ${due} and post_check = 'ok'`;
  const [row] = await hotSql<{
    id: number;
    user_id: number;
    reward: number;
    advertisement_id: number;
    person_name: string | null;
    recipient: unknown;
  }>(
    tx,
    `approve_unit_${judge ? (judge.staff ? 'staff' : 'member') : 'auto'}`,
    sql`
          update units set status = 'approved', judged_at = ${at}, judged_by = ${judge?.userId ?? null}, updated_at = now()
          where id = ${id} and status = 'posted' and ${condition}
          returning id, user_id, reward, advertisement_id,
            (select p.name from users p where p.id = units.user_id and p.deleted_at is null) as person_name,
            ${recipientFactsJson(sql`units.user_id`)} as recipient`,
  );
  return row
    ? {
        userId: Number(row.user_id),
        reward: Number(row.reward),
        advertisementId: Number(row.advertisement_id),
        person:
          row.person_name === null || row.person_name === undefined
            ? null
            : { name: String(row.person_name), facts: recipientFactsOf(row.recipient) },
      }
    : null;
}

/**
 * A posted unit is rejected by a judge who may judge it, with a listed reason and a note. Answers its
 * supporter and submissions, or null when it is not posted (any more).
 */
export async function rejectPostedUnit(
  tx: Db,
  input: { id: number; judge: Actor; reason: string; note: string | null; at: Date },
): Promise<{ userId: number; submissions: number } | null> {
  const [row] = rowsOf<{ user_id: number; submissions: number }>(
    await tx.execute(sql`
          update units set status = 'rejected', reject_reason = ${input.reason}, reject_note = ${input.note},
            judged_at = ${input.at}, judged_by = ${input.judge.userId}, updated_at = now()
          where id = ${input.id} and status = 'posted' and ${unitJudgeableBy(input.judge)}
          returning user_id, submissions`),
  );
  return row ? { userId: Number(row.user_id), submissions: Number(row.submissions) } : null;
}

/** A unit's status and the checker's answer about its post (for the automatic approval). */
export async function postCheckOf(
  db: Db,
  id: number,
): Promise<{ status: string; postCheck: string | null } | null> {
  const [row] = rowsOf<{ post_check: string | null; status: string }>(
    await db.execute(sql`select post_check, status from units where id = ${id}`),
  );
  return row ? { status: row.status, postCheck: row.post_check } : null;
}

/** The platform showed a posted unit's post after all ('ok'). */
export async function markPostSeen(db: Db, id: number): Promise<void> {
  await db.execute(sql`update units set post_check = 'ok' where id = ${id} and status = 'posted'`);
}

/** Posted units seen by the platform and posted by `due`, oldest first, 500 at most. */
export async function postsDueForAutoApproval(db: Db, due: Date): Promise<number[]> {
  return rowsOf<{ id: number }>(
    await db.execute(
      sql`select id from units where status = 'posted' and posted_at <= ${due} and post_check = 'ok' order by id limit 500`,
    ),
  ).map((r) => Number(r.id));
}

/* ---------------------------------------------------------------------------------- rewards */

/** An approved unit's held reward becomes 確定 at `at`. Answers whether it did (false: decided already). */
export async function confirmHeldReward(tx: Db, id: number, at: Date): Promise<boolean> {
  const done = rowsOf(
    await tx.execute(sql`
            update units set confirmed_at = ${at}, updated_at = now()
            where id = ${id} and status = 'approved' and confirmed_at is null returning id`),
  );
  return done.length > 0;
}

/**
 * An approved unit's held reward is taken back at `at` with the reason. Answers its supporter and reward,
 * or null when decided already.
 */
export async function reverseHeldReward(
  tx: Db,
  id: number,
  at: Date,
  reason: string,
): Promise<{ userId: number; reward: number } | null> {
  const [row] = rowsOf<{ user_id: number; reward: number }>(
    await tx.execute(sql`
          update units set status = 'reversed', reversed_at = ${at}, reversal_reason = ${reason}, updated_at = now()
          where id = ${id} and status = 'approved' and confirmed_at is null returning user_id, reward`),
  );
  return row ? { userId: Number(row.user_id), reward: Number(row.reward) } : null;
}

/** Held rewards judged by `due` (their hold is over), oldest first, 500 at most. */
export async function rewardsDueForConfirmation(db: Db, due: Date): Promise<number[]> {
  return rowsOf<{ id: number }>(
    await db.execute(sql`
        select id from units where status = 'approved' and confirmed_at is null and judged_at <= ${due}
        order by judged_at limit 500`),
  ).map((r) => Number(r.id));
}

/**
 * A reversed unit is approved and confirmed again by staff, with their note. Answers its supporter and
 * reward, or null when it is not reversed.
 */
export async function reinstateReversedUnit(
  tx: Db,
  input: { id: number; at: Date; note: string; by: number },
): Promise<{ userId: number; reward: number } | null> {
  const [row] = rowsOf<{ user_id: number; reward: number }>(
    await tx.execute(sql`
          update units set status = 'approved', confirmed_at = ${input.at}, override_note = ${input.note}, override_by = ${input.by},
            updated_at = now()
          where id = ${input.id} and status = 'reversed' returning user_id, reward`),
  );
  return row ? { userId: Number(row.user_id), reward: Number(row.reward) } : null;
}
