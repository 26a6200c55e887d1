import { type FormEvent, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { PASSWORD_MAX, PASSWORD_MIN, passwordSchema } from '../../../../contracts/accounts.ts';
import { useAuth } from '../../../platform/session/hooks.ts';
import { Button, ButtonLink } from '../../../platform/ui/Button.tsx';
import { Field, FormAlert, toHalfWidthAscii } from '../../../platform/ui/Field.tsx';
import { Card, PageFrame } from '../../../platform/ui/Page.tsx';
import { ApiRequestError } from '../../../../machines/errors.ts';
import { SEND_FAILED, useSubmission } from '../../../platform/request/hooks.ts';
import { resetPassword } from '../api/reset-password.ts';
import { sendPasswordMail } from '../api/send-password-mail.ts';
import { session } from '../../../platform/session/session-storage.ts';

type Errors = Record<string, string[]>;

const TITLE = 'パスワードの再設定';
const MAIL_SENT_FALLBACK = 'パスワード再設定用のメールをお送りしました。メールをご確認ください。';
const RESET_DONE_FALLBACK = 'パスワードを再設定しました。新しいパスワードでログインしてください。';
const CONFIRM_MISMATCH = '確認用のパスワードが一致しません。もう一度入力してください。';
/** The server's fields this page has a place for; any other 422 is shown as the form's message. */
const FIELD_KEYS = ['email', 'password', 'token'];

/** POST /api/password/email: the answer is the same whether or not the address is registered. */
async function sendResetMail(email: string): Promise<string> {
  return (await sendPasswordMail(email)) || MAIL_SENT_FALLBACK;
}

function MailSent({ message }: { message: string }) {
  return (
    <div role="status">
      <p>{message}</p>
      <p>リンクの有効期限は60分です。メールが届かない場合は、迷惑メールフォルダもご確認ください。</p>
      <Link href="/login">ログイン画面に戻る</Link>
    </div>
  );
}

/** Step 1: the address to send the link to. */
function RequestMailForm() {
  const [email, setEmail] = useState('');
  const { busy, message, errors, run } = useSubmission();
  const [done, setDone] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const sent = await run(() => sendResetMail(toHalfWidthAscii(email)));
    if (sent.ok) setDone(sent.value);
  };

  return (
    <PageFrame
      title={TITLE}
      narrow
      breadcrumbs={[{ label: 'ログイン', href: '/login' }, { label: TITLE }]}
      lead="ご登録のメールアドレスを入力してください。パスワードを再設定するためのリンクをお送りします。"
    >
      <Card>
        {done ? (
          <MailSent message={done} />
        ) : (
          <form onSubmit={submit} noValidate>
            {message && <FormAlert role="alert">{message}</FormAlert>}
            <Field
              label="メールアドレス"
              type="email"
              name="email"
              autoComplete="email"
              inputMode="email"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              errors={errors.email}
            />
            <Button type="submit" block size="lg" disabled={busy}>
              再設定メールを送る
            </Button>
          </form>
        )}
      </Card>
      <p>
        LINEで登録した方はパスワードがありません。<Link href="/login">ログイン画面</Link>
        からLINEでログインしてください。
      </p>
    </PageFrame>
  );
}

/**
 * Step 2, opened from the mail's link `/forgot-password?token=…&email=…`: the new password, twice, to
 * POST /api/password/reset. The server signs the account out everywhere, so success leads to /login.
 */
function ResetPasswordForm({ token, email }: { token: string; email: string }) {
  const { login, user, send } = useAuth();
  const [form, setForm] = useState({ password: '', confirm: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [mailSent, setMailSent] = useState<string | null>(null);

  const set = (k: keyof typeof form) => (e: { target: HTMLInputElement }) =>
    setForm((f) => ({ ...f, [k]: e.target.value }));

  /** The length rules of the shared contract, checked before the call (the server checks them again). */
  const checkLocally = (): Errors => {
    const local: Errors = {};
    const parsed = passwordSchema.safeParse(form.password);
    if (!parsed.success) local.password = parsed.error.issues.map((i) => i.message);
    if (!local.password && form.confirm !== form.password) local.confirm = [CONFIRM_MISMATCH];
    return local;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setMessage(null);
    const local = checkLocally();
    setErrors(local);
    if (Object.keys(local).length) return;
    setBusy(true);
    try {
      const answer = await resetPassword({ token, email, password: form.password });
      // Every session of the account was revoked, this browser's too when it is the same account: forget
      // it here as the request layer does after a 401, instead of waiting for the next call to fail.
      if (login && user?.email && user.email.toLowerCase() === email.toLowerCase()) {
        session.removeToken();
        send({ type: 'auth.sessionExpired' });
      }
      setDone(answer || RESET_DONE_FALLBACK);
    } catch (err) {
      if (err instanceof ApiRequestError && err.status !== null) {
        setErrors(err.errors);
        if (!FIELD_KEYS.some((k) => err.errors[k]?.length)) setMessage(err.message);
      } else {
        setMessage('再設定できませんでした。通信環境をご確認のうえ、もう一度お試しください。');
      }
    } finally {
      setBusy(false);
    }
  };

  const requestNewMail = async () => {
    setBusy(true);
    try {
      setMailSent(await sendResetMail(email));
    } catch (err) {
      setMessage(err instanceof ApiRequestError && err.status !== null ? err.message : SEND_FAILED);
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <PageFrame title={TITLE} narrow>
        <Card role="status">
          <h2>パスワードを再設定しました</h2>
          <p>{done}</p>
          <p>
            安全のため、ほかの端末やブラウザでもログアウトしました。新しいパスワードでログインし直してください。
          </p>
          <ButtonLink href="/login" block size="lg">
            ログイン画面へ
          </ButtonLink>
        </Card>
      </PageFrame>
    );
  }

  const tokenErrors = errors.token;
  return (
    <PageFrame
      title={TITLE}
      narrow
      breadcrumbs={[{ label: 'ログイン', href: '/login' }, { label: TITLE }]}
      lead="新しいパスワードを入力してください。"
    >
      <Card>
        {mailSent ? (
          <MailSent message={mailSent} />
        ) : tokenErrors?.length ? (
          // The link itself is expired or used: no password can fix that, so the way on is a new mail.
          <div>
            <FormAlert role="alert" id="reset-token-error">
              {tokenErrors.map((m) => (
                <p key={m} style={{ margin: 0 }}>
                  {m}
                </p>
              ))}
            </FormAlert>
            {message && <FormAlert role="alert">{message}</FormAlert>}
            <p>
              <strong>{email}</strong> 宛てに、新しいリンクをお送りできます。
            </p>
            <Button block size="lg" disabled={busy} onClick={requestNewMail}>
              新しいリンクをメールで受け取る
            </Button>
            <p>
              <Link href="/forgot-password">別のメールアドレスで申し込む</Link>
            </p>
          </div>
        ) : (
          <form onSubmit={submit} noValidate>
            {message && <FormAlert role="alert">{message}</FormAlert>}
            <Field
              label="メールアドレス"
              type="email"
              name="email"
              autoComplete="username"
              readOnly
              value={email}
              errors={errors.email}
            />
            <Field
              label="新しいパスワード"
              type="password"
              name="password"
              autoComplete="new-password"
              hint={`${PASSWORD_MIN}文字以上${PASSWORD_MAX}文字以内。ほかのサービスと同じパスワードは避けてください。`}
              required
              minLength={8}
              value={form.password}
              onChange={set('password')}
              errors={errors.password}
            />
            <Field
              label="新しいパスワード（確認用）"
              type="password"
              name="password_confirmation"
              autoComplete="new-password"
              required
              value={form.confirm}
              onChange={set('confirm')}
              errors={errors.confirm}
            />
            <Button type="submit" block size="lg" disabled={busy}>
              パスワードを再設定する
            </Button>
          </form>
        )}
      </Card>
    </PageFrame>
  );
}

/** Seed spec section 2: `/forgot-password`, the password reset (the mail, then the new password). */
export default function ForgotPasswordPage() {
  const query = new URLSearchParams(useSearch());
  const token = query.get('token');
  const email = query.get('email');
  if (token && email) return <ResetPasswordForm key={`${token}|${email}`} token={token} email={email} />;
  return <RequestMailForm />;
}
