import { type SQL, sql } from 'drizzle-orm';
import {
  GROUPS,
  MAIL_ALWAYS_KINDS,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_GROUPS,
  type NotificationGroup,
  type PostsToJudgeMode,
  groupOf,
} from '../../../contracts/notification-settings.ts';
import { type Db, hotSql, rowsOf } from '../db/client.ts';
import type { ChannelName } from './channel.ts';

/**
 * Issue 26 "Preferences", product design section 8 "Notifications": which channels carry a kind of
 * notification to a person, and when LINE and push wait for the morning. The outbox calls `channelsFor`
 * when it writes a change's deliveries and `heldUntil` for each LINE/push delivery's due time.
 *
 * The person's choices (notification_settings, migration 0034) hold only what they changed; the rest follows
 * the defaults of section 8 (contracts/notification-settings.ts GROUPS):
 * - in-app always;
 * - LINE where a LINE login is linked (social_accounts provider `line`), push where the person has a push
 *   subscription;
 * - mail for offers and results only when neither LINE nor push reaches them (`fallback`), for shops' and
 *   staff's groups (`on`), informational mail only with opt-in (`opt_in`); the transactional mails of
 *   MAIL_ALWAYS_KINDS whatever the setting.
 *
 * Platform code: plain SQL over the accounts' tables, no feature imports. ADR 0171 has the decisions.
 *
 * For the outbox: `channelsFor` when writing a change's deliveries; `heldUntilFor(db, userId, now, channel)`
 * (the person's quiet-hours switch) or `heldUntil(now, channel)` (quiet hours on) for a LINE/push due time.
 */

export interface Reach {
  line: boolean;
  push: boolean;
  mail: boolean;
}

export interface StoredSettings {
  channels: Partial<Record<NotificationGroup, Partial<Record<ChannelName, boolean>>>>;
  quietHours: boolean;
  postsToJudge: PostsToJudgeMode;
}

export const DEFAULT_SETTINGS: StoredSettings = { channels: {}, quietHours: true, postsToJudge: 'digest' };

/** Whether the person can be reached on LINE, push and mail at all. */
export async function reachOf(db: Db, userId: number | string): Promise<Reach> {
  const [row] = rowsOf<{ line: boolean; push: boolean; mail: boolean }>(
    await db.execute(sql`
      select exists (select 1 from social_accounts sa where sa.user_id = u.id and sa.provider = 'line') as line,
             exists (select 1 from push_subscriptions ps where ps.user_id = u.id) as push,
             (u.email is not null and u.email <> '') as mail
        from users u where u.id = ${Number(userId)}`),
  );
  return row
    ? { line: !!row.line, push: !!row.push, mail: !!row.mail }
    : { line: false, push: false, mail: false };
}

export async function storedSettings(db: Db, userId: number | string): Promise<StoredSettings> {
  const [row] = rowsOf<{ channels: unknown; quiet_hours: boolean; posts_to_judge: string }>(
    await db.execute(sql`
      select channels, quiet_hours, posts_to_judge from notification_settings where user_id = ${Number(userId)}`),
  );
  return settingsOfRow(row);
}

/** A notification_settings row as StoredSettings (no row: the defaults). */
function settingsOfRow(
  row: { channels: unknown; quiet_hours: boolean; posts_to_judge: string } | undefined,
): StoredSettings {
  if (!row) return { ...DEFAULT_SETTINGS, channels: {} };
  const channels = (typeof row.channels === 'string' ? JSON.parse(row.channels) : row.channels) as
    StoredSettings['channels'] | null;
  return {
    channels: channels ?? {},
    quietHours: !!row.quiet_hours,
    postsToJudge: row.posts_to_judge === 'each' ? 'each' : 'digest',
  };
}

/** The state of one group's channel: on (sent), locked (fixed by section 8), available (the person has it). */
export function channelState(
  group: NotificationGroup,
  channel: ChannelName,
  reach: Reach,
  chosen: StoredSettings['channels'],
): { on: boolean; locked: boolean; available: boolean } {
  const info = GROUPS[group];
  const choice = chosen[group]?.[channel];
  if (channel === 'in_app') return { on: true, locked: true, available: true };
  if (info.without?.includes(channel)) return { on: false, locked: true, available: false };
  if (channel === 'line' || channel === 'push') {
    const available = reach[channel];
    return { on: available && (choice ?? true), locked: false, available };
  }
  // mail
  if (info.mailAlways) return { on: reach.mail, locked: true, available: reach.mail };
  if (choice !== undefined) return { on: reach.mail && choice, locked: false, available: reach.mail };
  if (info.mailDefault === 'on') return { on: reach.mail, locked: false, available: reach.mail };
  if (info.mailDefault === 'opt_in') return { on: false, locked: false, available: reach.mail };
  // fallback: mail only when neither LINE nor push carries the group.
  const others =
    channelState(group, 'line', reach, chosen).on || channelState(group, 'push', reach, chosen).on;
  return { on: reach.mail && !others, locked: false, available: reach.mail };
}

/** Pure form of channelsFor (tests and the settings screen use it). */
export function channelsOf(kind: string, reach: Reach, settings: StoredSettings): ChannelName[] {
  const group = groupOf(kind);
  if (!group) return reach.mail ? ['in_app', 'mail'] : ['in_app'];
  const out: ChannelName[] = [];
  for (const channel of NOTIFICATION_CHANNELS) {
    const state = channelState(group, channel, reach, settings.channels);
    if (state.on || (channel === 'mail' && reach.mail && MAIL_ALWAYS_KINDS.has(kind))) out.push(channel);
  }
  return out;
}

/**
 * The channels that carry `kind` to the person now: in-app always, then mail, LINE and push by their
 * settings and the defaults of section 8. A channel the person cannot be reached on is never named.
 */
export async function channelsFor(db: Db, userId: number | string, kind: string): Promise<ChannelName[]> {
  return (await channelsAndSettingsFor(db, userId, kind)).channels;
}

/** What the outbox needs to know of a person to write a message's deliveries: their reach and settings. */
export interface RecipientFacts {
  reach: Reach;
  settings: StoredSettings;
}

interface RecipientRow {
  line: boolean;
  push: boolean;
  mail: boolean;
  has_settings: boolean;
  channels: unknown;
  quiet_hours: boolean;
  posts_to_judge: string;
}

const factsOfRow = (row: RecipientRow | undefined): RecipientFacts => ({
  reach: { line: !!row?.line, push: !!row?.push, mail: !!row?.mail },
  settings: settingsOfRow(row?.has_settings ? row : undefined),
});

/**
 * Issue 29 (ADR 0205): the facts `channelsAndSettingsFor` reads, as one JSON column of another statement (the
 * update that causes the message), for `userId` an expression of that statement. `recipientFactsOf` reads
 * the column back, and the outbox is given them (`NoticeInput.facts`) instead of asking again.
 */
export const recipientFactsJson = (userId: SQL): SQL => sql`(
  select json_build_object(
    'line', exists (select 1 from social_accounts sa where sa.user_id = u.id and sa.provider = 'line'),
    'push', exists (select 1 from push_subscriptions ps where ps.user_id = u.id),
    'mail', coalesce(u.email is not null and u.email <> '', false),
    'has_settings', ns.user_id is not null, 'channels', ns.channels, 'quiet_hours', ns.quiet_hours,
    'posts_to_judge', ns.posts_to_judge)
  from users u left join notification_settings ns on ns.user_id = u.id where u.id = ${userId})`;

/** The column of `recipientFactsJson` as facts (null: no such person). */
export function recipientFactsOf(value: unknown): RecipientFacts | null {
  if (value === null || value === undefined) return null;
  const row = (typeof value === 'string' ? JSON.parse(value) : value) as RecipientRow;
  return factsOfRow(row);
}

/** The channels that carry `kind` to a person of these facts. */
export const channelsOfFacts = (kind: string, facts: RecipientFacts): ChannelName[] =>
  channelsOf(kind, facts.reach, facts.settings);

/**
 * `channelsFor` and the person's settings (for `heldUntil` with their quiet-hours switch), read together:
 * reachOf and storedSettings in one prepared statement (issue 29: every message of every change asks it).
 */
export async function channelsAndSettingsFor(
  db: Db,
  userId: number | string,
  kind: string,
): Promise<{ channels: ChannelName[]; settings: StoredSettings }> {
  const [row] = await hotSql<RecipientRow>(
    db,
    'notify_reach_and_settings',
    sql`
      select exists (select 1 from social_accounts sa where sa.user_id = u.id and sa.provider = 'line') as line,
             exists (select 1 from push_subscriptions ps where ps.user_id = u.id) as push,
             coalesce(u.email is not null and u.email <> '', false) as mail,
             ns.user_id is not null as has_settings, ns.channels, ns.quiet_hours, ns.posts_to_judge
        from (values (${Number(userId)}::integer)) as k(id)
        left join users u on u.id = k.id
        left join notification_settings ns on ns.user_id = k.id`,
  );
  const facts = factsOfRow(row);
  return { channels: channelsOfFacts(kind, facts), settings: facts.settings };
}

const JST_OFFSET_MS = 9 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
export const QUIET_FROM_HOUR = 22;
export const QUIET_UNTIL_HOUR = 8;

/**
 * Quiet hours (section 8): a LINE or push message due between 22:00 and 8:00 JST waits until 8:00 JST; null when
 * it may go now (any other channel, daytime, or the person turned quiet hours off: `quietHours` false).
 */
export function heldUntil(now: Date, channel: ChannelName, quietHours = true): Date | null {
  if (!quietHours || (channel !== 'line' && channel !== 'push')) return null;
  const jst = new Date(now.getTime() + JST_OFFSET_MS);
  const hour = jst.getUTCHours();
  if (hour >= QUIET_UNTIL_HOUR && hour < QUIET_FROM_HOUR) return null;
  const morning = Date.UTC(jst.getUTCFullYear(), jst.getUTCMonth(), jst.getUTCDate(), QUIET_UNTIL_HOUR);
  const due = hour >= QUIET_FROM_HOUR ? morning + 24 * HOUR_MS : morning;
  return new Date(due - JST_OFFSET_MS);
}

/** heldUntil with the person's own quiet-hours switch. */
export async function heldUntilFor(
  db: Db,
  userId: number | string,
  now: Date,
  channel: ChannelName,
): Promise<Date | null> {
  if (channel !== 'line' && channel !== 'push') return null;
  const settings = await storedSettings(db, userId);
  return heldUntil(now, channel, settings.quietHours);
}

/** Whether a shop wants posts to judge one by one (`each`) or in the daily digest (`digest`, the default). */
export async function postsToJudgeMode(db: Db, userId: number | string): Promise<PostsToJudgeMode> {
  return (await storedSettings(db, userId)).postsToJudge;
}

export const ALL_GROUPS = NOTIFICATION_GROUPS;
