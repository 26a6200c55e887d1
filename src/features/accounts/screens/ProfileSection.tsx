import { useEffect, useId, useRef, useState } from 'react';
import {
  birthYearMax,
  PREFECTURES,
  type Profile,
  PROFILE_MESSAGES,
} from '../../../../contracts/supporters.ts';
import { asApiError, useSubmission } from '../../../platform/request/hooks.ts';
import { useAuthActions } from '../../../platform/session/hooks.ts';
import { styled } from '../../../platform/styles/stitches.config.ts';
import { Button } from '../../../platform/ui/Button.tsx';
import {
  CheckboxField,
  Field,
  FieldErrors,
  FormAlert,
  inputStyles,
  normalizeDigits,
  toHalfWidthAscii,
} from '../../../platform/ui/Field.tsx';
import { PageLoading } from '../../../platform/ui/LoadingOverlay.tsx';
import { Card } from '../../../platform/ui/Page.tsx';
import { getMyProfile } from '../api/get-my-profile.ts';
import { saveMyProfile } from '../api/save-my-profile.ts';
import { removeMyAvatar, uploadMyAvatar } from '../api/set-my-avatar.ts';

/**
 * Issue 16: the supporter's profile on `/account-info`: name, user ID (the reserved-name and shop-name
 * rule is the server's), avatar, bio, prefecture and birth year, and whether the public page lists the
 * shops followed. Saving raises savedFirstProfile.
 */
const AvatarRow = styled('div', {
  display: 'flex',
  alignItems: 'center',
  gap: '$4',
  marginBottom: '$4',
  // The text column may shrink below its content's width (the file input): no sideways scroll at 320 px.
  '& > div:last-child': { minWidth: 0 },
});
const Avatar = styled('div', {
  width: '88px',
  height: '88px',
  flexShrink: 0,
  borderRadius: '50%',
  overflow: 'hidden',
  backgroundColor: '$primaryLight',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  fontSize: '32px',
  fontWeight: 700,
  color: '$primaryText',
  '& img': { width: '100%', height: '100%', objectFit: 'cover' },
});
const Label = styled('label', { fontWeight: 700, fontSize: '$small' });
const Select = styled('select', inputStyles);
const TextArea = styled('textarea', { ...inputStyles, minHeight: '120px', py: '$2' });
const Group = styled('div', { display: 'flex', flexDirection: 'column', gap: '$1', marginBottom: '$4' });
const Buttons = styled('div', { display: 'flex', flexWrap: 'wrap', gap: '$2' });

function AvatarEditor({ profile, onChanged }: { profile: Profile; onChanged: (p: Profile) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const { busy, message, errors, run } = useSubmission();
  const problems = [...(errors.avatar ?? []), ...(message && !errors.avatar ? [message] : [])];
  return (
    <AvatarRow>
      <Avatar aria-hidden="true">
        {profile.avatar_url ? <img src={profile.avatar_url} alt="" /> : profile.name.slice(0, 1)}
      </Avatar>
      <div>
        <Label htmlFor={inputId}>プロフィール画像</Label>
        <p style={{ margin: '4px 0', fontSize: '12px' }}>
          JPEG・PNG・WebP、5MBまで。正方形に切り抜いて表示します。
        </p>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          disabled={busy}
          aria-describedby={problems.length ? `${inputId}-error` : undefined}
          onChange={async (e) => {
            const file = e.target.files?.[0];
            if (!file) return;
            const saved = await run(() => uploadMyAvatar(file));
            if (input.current) input.current.value = '';
            if (saved.ok) onChanged(saved.value);
          }}
        />
        <FieldErrors id={`${inputId}-error`} errors={problems} />
        {profile.avatar_url && (
          <Button
            size="sm"
            variant="ghost"
            disabled={busy}
            onClick={async () => {
              const saved = await run(() => removeMyAvatar());
              if (saved.ok) onChanged(saved.value);
            }}
          >
            画像を削除する
          </Button>
        )}
      </div>
    </AvatarRow>
  );
}

function ProfileForm({ initial }: { initial: Profile }) {
  const { refreshUser } = useAuthActions();
  const ids = { bio: useId(), pref: useId() };
  const [profile, setProfile] = useState(initial);
  const [form, setForm] = useState({
    name: initial.name,
    screen_name: initial.screen_name,
    bio: initial.bio ?? '',
    prefecture: initial.prefecture ?? '',
    birth_year: initial.birth_year === null ? '' : String(initial.birth_year),
    favorites_public: initial.favorites_public,
  });
  const [saved, setSaved] = useState<string | null>(null);
  const { busy, message, errors, run } = useSubmission();
  const set = (patch: Partial<typeof form>) => {
    setSaved(null);
    setForm((f) => ({ ...f, ...patch }));
  };
  const avatarChanged = (p: Profile) => {
    setProfile(p);
    setSaved(p.avatar_url ? PROFILE_MESSAGES.avatarSaved : PROFILE_MESSAGES.avatarRemoved);
    refreshUser().catch(() => {});
  };

  return (
    <>
      <AvatarEditor profile={profile} onChanged={avatarChanged} />
      <form
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          const result = await run(() =>
            saveMyProfile({
              ...form,
              screen_name: toHalfWidthAscii(form.screen_name),
              birth_year: normalizeDigits(form.birth_year),
            }),
          );
          if (!result.ok) return;
          setProfile(result.value);
          setSaved(PROFILE_MESSAGES.saved);
          refreshUser().catch(() => {});
        }}
      >
        {message && !Object.keys(errors).length && <FormAlert role="alert">{message}</FormAlert>}
        <Field
          label="お名前"
          value={form.name}
          onChange={(e) => set({ name: e.target.value })}
          errors={errors.name}
          autoComplete="name"
          maxLength={50}
          required
        />
        <Field
          label="ユーザーID"
          hint={`プロフィールページのURLになります（/${form.screen_name || 'ユーザーID'}）。半角英数字・ハイフン・アンダースコア3〜30文字。`}
          value={form.screen_name}
          onChange={(e) => set({ screen_name: e.target.value })}
          errors={errors.screen_name}
          autoCapitalize="none"
          autoComplete="username"
          required
        />
        <Group>
          <Label htmlFor={ids.bio}>自己紹介</Label>
          <TextArea
            id={ids.bio}
            value={form.bio}
            maxLength={500}
            onChange={(e) => set({ bio: e.target.value })}
            aria-invalid={errors.bio?.length ? true : undefined}
            aria-describedby={errors.bio?.length ? `${ids.bio}-error` : undefined}
          />
          <FieldErrors id={`${ids.bio}-error`} errors={errors.bio} />
        </Group>
        <Group>
          <Label htmlFor={ids.pref}>お住まいの都道府県</Label>
          <Select
            id={ids.pref}
            value={form.prefecture}
            onChange={(e) => set({ prefecture: e.target.value })}
            aria-invalid={errors.prefecture?.length ? true : undefined}
          >
            <option value="">選択してください</option>
            {PREFECTURES.map((p) => (
              <option key={p}>{p}</option>
            ))}
          </Select>
          <FieldErrors id={`${ids.pref}-error`} errors={errors.prefecture} />
        </Group>
        <Field
          label="生まれ年（西暦）"
          hint={`例：1995。公開されません（近くのお店からの依頼に使います）。${birthYearMax()}年以前。`}
          value={form.birth_year}
          onChange={(e) => set({ birth_year: e.target.value })}
          errors={errors.birth_year}
          inputMode="numeric"
          maxLength={4}
        />
        <CheckboxField
          label="プロフィールページに、お気に入りのお店を表示する"
          checked={form.favorites_public}
          onChange={(e) => set({ favorites_public: e.target.checked })}
          errors={errors.favorites_public}
        />
        {saved && (
          <p role="status" style={{ fontWeight: 700 }}>
            {saved}
          </p>
        )}
        <Buttons>
          <Button type="submit" disabled={busy}>
            プロフィールを保存する
          </Button>
        </Buttons>
      </form>
    </>
  );
}

export function ProfileSection() {
  const [state, setState] = useState<
    { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'done'; profile: Profile }
  >({ kind: 'loading' });
  useEffect(() => {
    const ctrl = new AbortController();
    getMyProfile(ctrl.signal).then(
      (profile) => setState({ kind: 'done', profile }),
      (err: unknown) => {
        if (!ctrl.signal.aborted) setState({ kind: 'failed', message: asApiError(err).message });
      },
    );
    return () => ctrl.abort();
  }, []);
  return (
    <Card id="profile" aria-labelledby="acc-profile">
      <h2 id="acc-profile">プロフィール</h2>
      {state.kind === 'loading' && <PageLoading label="プロフィールを読み込んでいます…" />}
      {state.kind === 'failed' && <FormAlert role="alert">{state.message}</FormAlert>}
      {state.kind === 'done' && <ProfileForm initial={state.profile} />}
    </Card>
  );
}
