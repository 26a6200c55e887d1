import {
  ENDPOINT_TAIL_LENGTH,
  GROUPS,
  NOTIFICATION_GROUPS,
  type NotificationChannel,
  type NotificationGroup,
  type NotificationSettings,
  type NotificationSettingsUpdate,
  PUSH_DEVICES_MAX,
  PUSH_SUBSCRIPTION_TEXTS as PT,
  type PushDevice,
  type PushSubscriptionCreate,
  pushDeviceLabel,
} from '../../../contracts/notification-settings.ts';
import type { Db } from '../../platform/db/client.ts';
import { HttpError, validationError } from '../../platform/http-errors.ts';
import { allowedPushEndpoint } from '../../platform/notify/channels.ts';
import {
  channelState,
  reachOf,
  type StoredSettings,
  storedSettings,
} from '../../platform/notify/preferences.ts';
import * as repo from './repo.ts';

/**
 * Issue 26 "Preferences": 通知設定 as the person sees it (the groups of their roles, each channel on or off,
 * fixed or unavailable) and as they change it. Only choices that differ from the defaults of section 8 are
 * kept, so a default that depends on the person's channels (mail when neither LINE nor push reaches them)
 * keeps following them.
 */
const DECIDE_ORDER: NotificationChannel[] = ['line', 'push', 'mail'];

function groupsFor(audience: { staff: boolean; shop: boolean }): NotificationGroup[] {
  return NOTIFICATION_GROUPS.filter((g) => {
    const who = GROUPS[g].audience;
    if (who === 'all') return true;
    if (who === 'staff') return audience.staff;
    if (who === 'shop') return audience.shop;
    // Supporters' groups: everyone but operators (who get no offers, section 8).
    return !audience.staff;
  });
}

export async function settingsOf(db: Db, userId: number): Promise<NotificationSettings> {
  const [reach, stored, audience] = await Promise.all([
    reachOf(db, userId),
    storedSettings(db, userId),
    repo.audienceOf(db, userId),
  ]);
  const pushDevices = await repo.deviceCount(db, userId);
  return {
    groups: groupsFor(audience).map((group) => {
      const state = (c: NotificationChannel) => channelState(group, c, reach, stored.channels);
      return {
        group,
        label: GROUPS[group].label,
        hint: GROUPS[group].hint,
        channels: { in_app: state('in_app'), mail: state('mail'), line: state('line'), push: state('push') },
      };
    }),
    quietHours: stored.quietHours,
    postsToJudge: stored.postsToJudge,
    lineLinked: reach.line,
    pushDevices,
  };
}

export async function updateSettings(
  db: Db,
  userId: number,
  body: NotificationSettingsUpdate,
): Promise<NotificationSettings> {
  const [reach, stored] = await Promise.all([reachOf(db, userId), storedSettings(db, userId)]);
  const chosen: StoredSettings['channels'] = structuredClone(stored.channels);
  for (const group of NOTIFICATION_GROUPS) {
    const sent = body.channels[group];
    if (!sent) continue;
    for (const channel of DECIDE_ORDER) {
      const value = sent[channel];
      if (value === undefined) continue;
      const own = { ...chosen[group] };
      delete own[channel];
      const without = { ...chosen, [group]: own };
      const state = channelState(group, channel, reach, without);
      // Fixed or unavailable channels are not the person's to choose; a choice equal to the default is none.
      if (state.locked || !state.available || state.on === value) chosen[group] = own;
      else chosen[group] = { ...own, [channel]: value };
      if (!Object.keys(chosen[group] ?? {}).length) delete chosen[group];
    }
  }
  await repo.saveSettings(db, userId, {
    channels: chosen as Record<string, Record<string, boolean>>,
    quietHours: body.quietHours,
    postsToJudge: body.postsToJudge,
  });
  return settingsOf(db, userId);
}

const deviceJson = (d: {
  id: number;
  device: string;
  endpoint: string;
  createdAt: Date;
  lastSentAt: Date | null;
}): PushDevice => ({
  id: d.id,
  device: d.device,
  endpoint_tail: d.endpoint.slice(-ENDPOINT_TAIL_LENGTH),
  created_at: d.createdAt.toISOString(),
  last_sent_at: d.lastSentAt ? d.lastSentAt.toISOString() : null,
});

export async function devices(db: Db, userId: number): Promise<PushDevice[]> {
  return (await repo.devicesOf(db, userId)).map(deviceJson);
}

export async function addDevice(
  db: Db,
  userId: number,
  body: PushSubscriptionCreate,
  context: { userAgent: string | undefined; standinUrl: string | null; pushOn: boolean },
): Promise<PushDevice> {
  if (!context.pushOn) throw new HttpError(409, PT.off);
  if (!allowedPushEndpoint(body.endpoint, context.standinUrl))
    throw validationError({ endpoint: [PT.endpoint] });
  const p256dh = Buffer.from(body.keys.p256dh, 'base64url');
  if (p256dh[0] !== 4) throw validationError({ keys: [PT.keys] });
  const mine = await repo.devicesOf(db, userId);
  if (mine.length >= PUSH_DEVICES_MAX) throw validationError({ endpoint: [PT.tooMany] });
  const row = await repo.upsertDevice(db, {
    userId,
    endpoint: body.endpoint,
    p256dh: body.keys.p256dh.replace(/=+$/, ''),
    auth: body.keys.auth.replace(/=+$/, ''),
    device: pushDeviceLabel(context.userAgent),
  });
  return deviceJson(row);
}

export async function removeDevice(db: Db, userId: number, id: number): Promise<void> {
  if (!(await repo.deleteDevice(db, userId, id))) throw new HttpError(404, PT.notFound);
}
