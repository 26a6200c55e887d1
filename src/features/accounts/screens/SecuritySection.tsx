import { useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import {
  EMAIL_CHANGE_RESULTS,
  type EmailChangeResult,
  PASSWORD_MIN,
} from '../../../../contracts/accounts.ts';
import { useResource, useSubmission } from '../../../platform/request/hooks.ts';
import { useAuth, useAuthActions } from '../../../platform/session/hooks.ts';
import { styled } from '../../../platform/styles/stitches.config.ts';
import { Button } from '../../../platform/ui/Button.tsx';
import { Field, FormAlert } from '../../../platform/ui/Field.tsx';
import { formatDateTime } from '../../../platform/ui/format.ts';
import { PageLoading } from '../../../platform/ui/LoadingOverlay.tsx';
import { notify } from '../../../platform/ui/notify.ts';
import { Card } from '../../../platform/ui/Page.tsx';
import { changeEmail } from '../api/change-email.ts';
import { changePassword } from '../api/change-password.ts';
import { listSessions } from '../api/list-sessions.ts';
import { revokeSession } from '../api/revoke-session.ts';

/**
 * Issue 16 "The supporter's own account" on `/account-info` (ADR 0093): change the e-mail (the change
 * happens when the link mailed to the new address is opened), change the password (the other logins
 * end), and the list of logins, each of which can be signed out.
 */
const Done = styled('p', { fontWeight: 700, color: '$greenText' });
const Sessions = styled('ul', { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '$2' });
const Session = styled('li', {
  display: 'flex',
  flexWrap: 'wrap',
  gap: '$2',
  justifyContent: 'space-between',
  alignItems: 'center',
  padding: '$3',
  borderRadius: '$md',
  border: '1px solid $gray200',
  fontSize: '$small',
  '& p': { margin: 0 },
});
const Current = styled('span', {
  marginLeft: '$2',
  padding: '0 $2',
  borderRadius: '$pill',
  backgroundColor: '$primaryPale',
  color: '$primaryText',
  fontWeight: 700,
});

const PASSWORD_HINT = 'LINE・X・Googleだけで登録し、パスワードを設定していない方は空欄のままで構いません。';

/** `?email_change=` from the link of the change mail: a toast, then the address bar is cleaned. */
function useEmailChangeNotice() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const { refreshUser } = useAuthActions();
  const result = new URLSearchParams(search).get('email_change');
  useEffect(() => {
    if (!result || !(result in EMAIL_CHANGE_RESULTS)) return;
    const message = EMAIL_CHANGE_RESULTS[result as EmailChangeResult];
    if (result === 'ok') {
      notify.success(message, { id: 'email-change' });
      refreshUser().catch(() => {});
    } else notify.error(message, { id: 'email-change' });
    navigate('/account-info', { replace: true });
  }, [result, navigate, refreshUser]);
}

function EmailForm() {
  const { user } = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const { busy, message, errors, run } = useSubmission();
  return (
    <Card aria-labelledby="acc-email">
      <h2 id="acc-email">メールアドレスの変更</h2>
      <p>
        現在のメールアドレス：<strong>{user?.email ?? '未登録'}</strong>
        <br />
        新しいメールアドレスに確認メールを送ります。メールのリンクを開くと変更が完了します。現在のアドレスにもお知らせが届きます。
      </p>
      <form
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          setDone(null);
          const sent = await run(() => changeEmail({ email, ...(password ? { password } : {}) }));
          if (!sent.ok) return;
          setDone(sent.value.message);
          setPassword('');
        }}
      >
        {message && !Object.keys(errors).length && <FormAlert role="alert">{message}</FormAlert>}
        {done && <Done role="status">{done}</Done>}
        <Field
          label="新しいメールアドレス"
          type="email"
          autoComplete="email"
          maxLength={254}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          errors={errors.email}
          required
        />
        <Field
          label="現在のパスワード"
          hint={PASSWORD_HINT}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          errors={errors.password}
        />
        <Button type="submit" disabled={busy || !email.trim()}>
          確認メールを送る
        </Button>
      </form>
    </Card>
  );
}

function PasswordForm({ onChanged }: { onChanged: () => void }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const { busy, message, errors, run } = useSubmission();
  return (
    <Card aria-labelledby="acc-password">
      <h2 id="acc-password">パスワードの変更</h2>
      <p>変更すると、この端末以外ではログアウトします。</p>
      <form
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          setDone(null);
          const sent = await run(() =>
            changePassword({ password: next, ...(current ? { current_password: current } : {}) }),
          );
          if (!sent.ok) return;
          setDone(sent.value.message);
          setCurrent('');
          setNext('');
          onChanged();
        }}
      >
        {message && !Object.keys(errors).length && <FormAlert role="alert">{message}</FormAlert>}
        {done && <Done role="status">{done}</Done>}
        <Field
          label="現在のパスワード"
          hint={PASSWORD_HINT}
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
          errors={errors.current_password}
        />
        <Field
          label="新しいパスワード"
          hint={`${PASSWORD_MIN}文字以上。推測されにくいものにしてください。`}
          type="password"
          autoComplete="new-password"
          value={next}
          onChange={(e) => setNext(e.target.value)}
          errors={errors.password}
          required
        />
        <Button type="submit" disabled={busy || !next}>
          パスワードを変更する
        </Button>
      </form>
    </Card>
  );
}

/** A user agent as a person names their device. */
function deviceName(ua: string | null): string {
  if (!ua) return '不明な端末';
  const os = /iPhone/.test(ua)
    ? 'iPhone'
    : /iPad/.test(ua)
      ? 'iPad'
      : /Android/.test(ua)
        ? 'Android'
        : /Windows/.test(ua)
          ? 'Windows'
          : /Mac OS X|Macintosh/.test(ua)
            ? 'Mac'
            : /Linux/.test(ua)
              ? 'Linux'
              : 'その他の端末';
  const browser = /Line\//.test(ua)
    ? 'LINE'
    : /Edg\//.test(ua)
      ? 'Edge'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrome\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : 'ブラウザ';
  return `${os}・${browser}`;
}

function SessionList({ version }: { version: number }) {
  const [reload, setReload] = useState(0);
  const sessions = useResource((signal) => listSessions(signal), `${version}:${reload}`);
  const { busy, message, run } = useSubmission();
  return (
    <Card aria-labelledby="acc-sessions">
      <h2 id="acc-sessions">ログイン中の端末</h2>
      <p>心当たりのない端末があれば、ログアウトさせてから、パスワードを変更してください。</p>
      {message && <FormAlert role="alert">{message}</FormAlert>}
      {sessions.state === 'loading' && <PageLoading label="ログイン中の端末を読み込んでいます…" />}
      {sessions.state === 'failed' && <FormAlert role="alert">{sessions.error.message}</FormAlert>}
      {sessions.state === 'done' && (
        <Sessions>
          {sessions.data.map((s) => (
            <Session key={s.id} aria-label={`${deviceName(s.user_agent)}${s.current ? '（この端末）' : ''}`}>
              <div>
                <p>
                  <strong>{deviceName(s.user_agent)}</strong>
                  {s.current && <Current>この端末</Current>}
                </p>
                <p>
                  最終利用：{formatDateTime(s.last_active_at)}・ログイン：{formatDateTime(s.created_at)}
                  {s.remember && '・ログインしたままにする'}
                </p>
              </div>
              {!s.current && (
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={busy}
                  onClick={async () => {
                    if ((await run(() => revokeSession(s.id))).ok) setReload((n) => n + 1);
                  }}
                >
                  ログアウトさせる
                </Button>
              )}
            </Session>
          ))}
        </Sessions>
      )}
    </Card>
  );
}

export function SecuritySection() {
  useEmailChangeNotice();
  const [version, setVersion] = useState(0);
  return (
    <>
      <EmailForm />
      <PasswordForm onChanged={() => setVersion((v) => v + 1)} />
      <SessionList version={version} />
    </>
  );
}
