import { useEffect, useState } from 'react';
import {
  CHANNEL_LABELS,
  type ChannelState,
  NOTIFICATION_SETTINGS_TEXTS as T,
  type NotificationChannel,
  type NotificationSettings,
  type NotificationSettingsUpdate,
  POSTS_TO_JUDGE_LABELS,
  POSTS_TO_JUDGE_MODES,
  PUSH_SUBSCRIPTION_TEXTS as PT,
  type PostsToJudgeMode,
  QUIET_HOURS_LABEL,
} from '../../../../contracts/notification-settings.ts';
import { useResource, useSubmission } from '../../../platform/request/hooks.ts';
import { styled } from '../../../platform/styles/stitches.config.ts';
import { Button } from '../../../platform/ui/Button.tsx';
import { CheckboxField, FormAlert } from '../../../platform/ui/Field.tsx';
import { formatDate } from '../../../platform/ui/format.ts';
import { Card, EmptyState, Notice } from '../../../platform/ui/Page.tsx';
import { notify } from '../../../platform/ui/notify.ts';
import { addPushDevice } from '../api/add-push-device.ts';
import { getNotificationSettings } from '../api/get-notification-settings.ts';
import { listPushDevices } from '../api/list-push-devices.ts';
import { removePushDevice } from '../api/remove-push-device.ts';
import { saveNotificationSettings } from '../api/save-notification-settings.ts';

/**
 * Issue 26 "Preferences" and "Web Push" on /account-info: 通知設定 (per group of events and channel, with the
 * defaults of product design section 8 as the server states them, quiet hours 22:00-8:00 JST) and the devices
 * that receive push notifications (this browser can be added; each can be removed). Loaded lazily with the
 * rest of the screen's lower half.
 */
const CHANNELS: NotificationChannel[] = ['in_app', 'mail', 'line', 'push'];

const Group = styled('fieldset', {
  border: 0,
  borderTop: '1px solid $gray200',
  margin: 0,
  padding: '$3 0',
  minWidth: 0,
  '& legend': { padding: 0, fontWeight: 700 },
});
const Hint = styled('p', { margin: '$1 0 $2', color: '$gray700', fontSize: '$small' });
const Channels = styled('div', {
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  columnGap: '$3',
  '@md': { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
});
const Small = styled('span', { color: '$gray700', fontSize: '$small', marginLeft: '$1' });
const Radio = styled('label', {
  display: 'flex',
  gap: '$2',
  alignItems: 'center',
  minHeight: '44px',
  '& input': { width: '20px', height: '20px', margin: 0 },
});
const Rows = styled('ul', { listStyle: 'none', margin: 0, padding: 0 });
const Row = styled('li', {
  display: 'flex',
  flexWrap: 'wrap',
  gap: '$2',
  alignItems: 'center',
  justifyContent: 'space-between',
  padding: '$2 0',
  borderBottom: '1px solid $gray200',
});

type Choices = Record<string, Partial<Record<NotificationChannel, boolean>>>;

function channelNote(state: ChannelState): string | null {
  if (state.locked && state.on) return T.locked;
  if (!state.available) return T.unavailable;
  return null;
}

export function NotificationSettingsForm({
  settings,
  onSaved,
}: {
  settings: NotificationSettings;
  onSaved: (next: NotificationSettings) => void;
}) {
  const [choices, setChoices] = useState<Choices>(() =>
    Object.fromEntries(
      settings.groups.map((g) => [g.group, Object.fromEntries(CHANNELS.map((c) => [c, g.channels[c].on]))]),
    ),
  );
  const [quietHours, setQuietHours] = useState(settings.quietHours);
  const [postsToJudge, setPostsToJudge] = useState<PostsToJudgeMode>(settings.postsToJudge);
  const { busy, message, errors, run } = useSubmission();
  const showsJudging = settings.groups.some((g) => g.group === 'judging');

  const submit = async () => {
    const channels: NotificationSettingsUpdate['channels'] = {};
    for (const g of settings.groups) {
      const sent: Partial<Record<NotificationChannel, boolean>> = {};
      for (const c of CHANNELS) {
        const state = g.channels[c];
        if (state.locked || !state.available) continue;
        sent[c] = choices[g.group]?.[c] ?? state.on;
      }
      channels[g.group] = sent;
    }
    const done = await run(() => saveNotificationSettings({ channels, quietHours, postsToJudge }));
    if (!done.ok) return;
    notify.success(T.saved, { id: 'notification-settings' });
    onSaved(done.value);
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {message && <FormAlert role="alert">{message}</FormAlert>}
      {settings.groups.map((g) => (
        <Group key={g.group} aria-describedby={`ns-${g.group}-hint`}>
          <legend>{g.label}</legend>
          <Hint id={`ns-${g.group}-hint`}>{g.hint}</Hint>
          <Channels>
            {CHANNELS.filter(
              (c) => !(g.channels[c].locked && !g.channels[c].on && !g.channels[c].available),
            ).map((c) => {
              const state = g.channels[c];
              const note = channelNote(state);
              return (
                <CheckboxField
                  key={c}
                  name={`${g.group}.${c}`}
                  label={
                    <>
                      {CHANNEL_LABELS[c]}
                      {note && <Small>（{note}）</Small>}
                    </>
                  }
                  checked={state.locked || !state.available ? state.on : (choices[g.group]?.[c] ?? state.on)}
                  disabled={state.locked || !state.available || busy}
                  onChange={(e) => {
                    const on = e.currentTarget.checked;
                    setChoices((prev) => ({ ...prev, [g.group]: { ...prev[g.group], [c]: on } }));
                  }}
                />
              );
            })}
          </Channels>
        </Group>
      ))}
      {(!settings.lineLinked || settings.pushDevices === 0) && (
        <Notice>
          {!settings.lineLinked && <p>{T.lineMissing}</p>}
          {settings.pushDevices === 0 && <p>{T.pushMissing}</p>}
        </Notice>
      )}
      <Group>
        <legend>夜間の通知</legend>
        <CheckboxField
          name="quietHours"
          label={QUIET_HOURS_LABEL}
          checked={quietHours}
          disabled={busy}
          errors={errors.quietHours}
          onChange={(e) => setQuietHours(e.currentTarget.checked)}
        />
      </Group>
      {showsJudging && (
        <Group>
          <legend>{T.postsToJudge}</legend>
          {POSTS_TO_JUDGE_MODES.map((mode) => (
            <Radio key={mode}>
              <input
                type="radio"
                name="postsToJudge"
                value={mode}
                checked={postsToJudge === mode}
                disabled={busy}
                onChange={() => setPostsToJudge(mode)}
              />
              {POSTS_TO_JUDGE_LABELS[mode]}
            </Radio>
          ))}
        </Group>
      )}
      <Button type="submit" disabled={busy}>
        {T.save}
      </Button>
    </form>
  );
}

const base64ToBytes = (base64url: string) => {
  const padded =
    base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4);
  return Uint8Array.from(atob(padded), (ch) => ch.charCodeAt(0));
};

/** Asks the browser for permission and a push subscription of this device, and hands it to the server. */
async function subscribeThisBrowser(vapidPublicKey: string): Promise<'ok' | 'denied'> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'denied';
  await navigator.serviceWorker.register('/sw.js');
  const registration = await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: base64ToBytes(vapidPublicKey),
    }));
  const json = subscription.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
  await addPushDevice({ endpoint: json.endpoint, keys: json.keys });
  return 'ok';
}

/** This browser's push endpoint, when it has a subscription (null while unknown or none). */
async function thisBrowserEndpoint(): Promise<string | null> {
  const registration = await navigator.serviceWorker.getRegistration('/sw.js');
  const subscription = await registration?.pushManager.getSubscription();
  return subscription?.endpoint ?? null;
}

export function PushDevicesSection({ onChanged }: { onChanged: () => void }) {
  const [version, setVersion] = useState(0);
  const devices = useResource(listPushDevices, `push-devices:${version}`);
  // Issue 26: a browser already subscribed (among this account's devices) is named, not offered again.
  const [endpoint, setEndpoint] = useState<string | null>(null);
  const { busy, message, setMessage, run } = useSubmission();
  const supported =
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window;
  const changed = () => {
    setVersion((v) => v + 1);
    onChanged();
  };
  useEffect(() => {
    if (!supported) return;
    let live = true;
    void thisBrowserEndpoint()
      .then((e) => live && setEndpoint(e))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [supported, version]);
  const isThisBrowser = (tail: string) => endpoint !== null && endpoint.endsWith(tail);
  const subscribedHere =
    devices.state === 'done' && devices.data.items.some((d) => isThisBrowser(d.endpoint_tail));
  const key = devices.data?.vapid_public_key ?? null;
  return (
    <Card aria-labelledby="acc-push">
      <h2 id="acc-push">{PT.title}</h2>
      {message && <FormAlert role="alert">{message}</FormAlert>}
      {devices.state === 'failed' && <FormAlert role="alert">{devices.error.message}</FormAlert>}
      {devices.state === 'done' &&
        (devices.data.items.length === 0 ? (
          <EmptyState title={PT.none}>{T.pushMissing}</EmptyState>
        ) : (
          <Rows>
            {devices.data.items.map((d) => (
              <Row key={d.id}>
                <span>
                  <strong>
                    {d.device}
                    {isThisBrowser(d.endpoint_tail) && `（${PT.thisDevice}）`}
                  </strong>
                  <Small>
                    {PT.since} {formatDate(d.created_at)}
                  </Small>
                </span>
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={busy}
                  aria-label={`${d.device}を削除`}
                  onClick={async () => {
                    const done = await run(() => removePushDevice(d.id));
                    if (!done.ok) return;
                    notify.success(done.value.message, { id: 'push-device' });
                    changed();
                  }}
                >
                  {PT.remove}
                </Button>
              </Row>
            ))}
          </Rows>
        ))}
      {devices.state === 'done' &&
        (!supported ? (
          <Notice>{PT.unsupported}</Notice>
        ) : !key ? (
          <Notice>{PT.off}</Notice>
        ) : subscribedHere ? (
          <p>{PT.thisDeviceOn}</p>
        ) : (
          <p>
            <Button
              variant="outline"
              disabled={busy}
              onClick={async () => {
                const done = await run(() => subscribeThisBrowser(key));
                if (!done.ok) return;
                if (done.value === 'denied') {
                  setMessage(PT.denied);
                  return;
                }
                notify.success(PT.subscribed, { id: 'push-device' });
                changed();
              }}
            >
              {PT.subscribe}
            </Button>
          </p>
        ))}
    </Card>
  );
}

/** Both cards; the settings read again when a device is added or removed (push becomes available or not). */
export default function NotificationSettingsSection() {
  const [version, setVersion] = useState(0);
  const [formKey, setFormKey] = useState(0);
  const settings = useResource(getNotificationSettings, `notification-settings:${version}`);
  // The last answer stays on screen while a new one loads (no jump when a device is added).
  const [shown, setShown] = useState<NotificationSettings | null>(null);
  useEffect(() => {
    if (settings.state === 'done') {
      setShown(settings.data);
      setFormKey((k) => k + 1);
    }
  }, [settings]);
  return (
    <>
      <Card aria-labelledby="acc-notifications">
        <h2 id="acc-notifications">{T.title}</h2>
        <p>{T.lead}</p>
        {settings.state === 'failed' && <FormAlert role="alert">{settings.error.message}</FormAlert>}
        {shown && (
          <NotificationSettingsForm
            key={formKey}
            settings={shown}
            onSaved={(next) => {
              setShown(next);
              setFormKey((k) => k + 1);
            }}
          />
        )}
      </Card>
      <PushDevicesSection onChanged={() => setVersion((v) => v + 1)} />
    </>
  );
}
