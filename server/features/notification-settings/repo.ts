import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { rowsOf } from '../../platform/db/client.ts';
import { notificationSettings, pushSubscriptions } from './schema.ts';

export interface StoredRow {
  channels: Record<string, Record<string, boolean>>;
  quietHours: boolean;
  postsToJudge: 'digest' | 'each';
}

export async function saveSettings(db: Db, userId: number, row: StoredRow): Promise<void> {
  await db
    .insert(notificationSettings)
    .values({ userId, channels: row.channels, quietHours: row.quietHours, postsToJudge: row.postsToJudge })
    .onConflictDoUpdate({
      target: notificationSettings.userId,
      set: {
        channels: row.channels,
        quietHours: row.quietHours,
        postsToJudge: row.postsToJudge,
        updatedAt: sql`now()`,
      },
    });
}

/** Turns one group's mail off (the one-click unsubscribe), keeping every other choice. */
export async function mailOff(db: Db, userId: number, group: string): Promise<boolean> {
  const path = `{${group},mail}`;
  const rows = rowsOf<{ user_id: number }>(
    await db.execute(sql`
      insert into notification_settings (user_id, channels)
      select id, jsonb_build_object(${group}::text, jsonb_build_object('mail', false)) from users
       where id = ${userId} and deleted_at is null
      on conflict (user_id) do update
        set channels = jsonb_set(
              case when notification_settings.channels ? ${group}::text then notification_settings.channels
                   else notification_settings.channels || jsonb_build_object(${group}::text, '{}'::jsonb) end,
              ${path}::text[], 'false'::jsonb),
            updated_at = now()
      returning user_id`),
  );
  return rows.length > 0;
}

/** Who the person is to the settings: staff (role priority <= 5) and/or a member of a shop's company. */
export async function audienceOf(db: Db, userId: number): Promise<{ staff: boolean; shop: boolean }> {
  const [row] = rowsOf<{ staff: boolean; shop: boolean }>(
    await db.execute(sql`
      select coalesce(r.priority <= 5, false) as staff,
             exists (select 1 from company_members cm where cm.user_id = u.id) as shop
        from users u left join roles r on r.id = u.role_id
       where u.id = ${userId}`),
  );
  return { staff: !!row?.staff, shop: !!row?.shop };
}

export async function devicesOf(db: Db, userId: number) {
  return db
    .select({
      id: pushSubscriptions.id,
      device: pushSubscriptions.device,
      endpoint: pushSubscriptions.endpoint,
      createdAt: pushSubscriptions.createdAt,
      lastSentAt: pushSubscriptions.lastSentAt,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.id));
}

export async function deviceCount(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  return Number(row?.n ?? 0);
}

/**
 * One row per endpoint: a browser subscribing again (new keys) or another person logging in on it takes the
 * row over, so a device never gets another person's notifications.
 */
export async function upsertDevice(
  db: Db,
  values: { userId: number; endpoint: string; p256dh: string; auth: string; device: string },
) {
  const [row] = await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        userId: values.userId,
        p256dh: values.p256dh,
        auth: values.auth,
        device: values.device,
        createdAt: sql`now()`,
        lastSentAt: null,
      },
    })
    .returning({
      id: pushSubscriptions.id,
      device: pushSubscriptions.device,
      endpoint: pushSubscriptions.endpoint,
      createdAt: pushSubscriptions.createdAt,
      lastSentAt: pushSubscriptions.lastSentAt,
    });
  return row!;
}

/** Deletes the person's own device only (object-level check in the query). */
export async function deleteDevice(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}
