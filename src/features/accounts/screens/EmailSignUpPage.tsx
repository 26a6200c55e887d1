import { type FormEvent, useState } from 'react';
import { Link } from 'wouter';
import { ACCOUNT_MESSAGES, PASSWORD_MIN } from '../../../../contracts/accounts.ts';
import { useAuth } from '../../../platform/session/hooks.ts';
import { Button } from '../../../platform/ui/Button.tsx';
import { CheckboxField, Field, FormAlert, toHalfWidthAscii } from '../../../platform/ui/Field.tsx';
import { Card, Notice, PageFrame } from '../../../platform/ui/Page.tsx';
import {
  usePublicConfigSuspense as usePublicConfig,
  useSubmission,
} from '../../../platform/request/hooks.ts';
import { session } from '../../../platform/session/session-storage.ts';
import { register } from '../api/register.ts';
import { RECAPTCHA_REQUIRED, Recaptcha } from './Recaptcha.tsx';

/** Product design section 6: e-mail, password, name, screen_name and terms consent -> POST /api/register. */
export default function EmailSignUpPage() {
  const config = usePublicConfig();
  const { send } = useAuth();
  const siteKey = config?.recaptchaSiteKey ?? null;
  const [form, setForm] = useState({ email: '', password: '', name: '', screen_name: '', terms: false });
  const [token, setToken] = useState('');
  const [resetKey, setResetKey] = useState(0);
  const { busy, message, errors, setMessage, run } =
    useSubmission('登録できませんでした。もう一度お試しください。');
  const [sent, setSent] = useState<string | null>(null);
  const set = (k: keyof typeof form) => (e: { target: HTMLInputElement }) =>
    setForm((f) => ({ ...f, [k]: k === 'terms' ? e.target.checked : e.target.value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (siteKey && !token) {
      setMessage(RECAPTCHA_REQUIRED);
      return;
    }
    const result = await run(async () => {
      const answer = await register({
        email: toHalfWidthAscii(form.email),
        password: form.password,
        name: form.name.trim(),
        screen_name: toHalfWidthAscii(form.screen_name),
        terms: form.terms,
        referral_shop_id: session.getReferralShopId(),
        ...(token ? { 'g-recaptcha-response': token } : {}),
      });
      // The new account keeps its token, so the verification link opened in this browser signs it in
      // (seed spec section 4: login follows email_verified).
      send({ type: 'auth.login', user: answer.user, accessToken: answer.access_token });
      setSent(ACCOUNT_MESSAGES.registered);
    });
    // A token of the reCAPTCHA widget is single use: a failed sign-up needs a fresh one.
    if (!result.ok) setResetKey((k) => k + 1);
  };

  if (sent) {
    return (
      <PageFrame title="メールアドレスで登録" narrow>
        <Card role="status">
          <h2>確認メールを送信しました</h2>
          <p>{sent}</p>
          <p>
            <strong>{toHalfWidthAscii(form.email)}</strong>
            宛てのメールをご確認ください。届かない場合は、迷惑メールフォルダもご確認ください。リンクの有効期限は60分です。
          </p>
          <Link href="/login">ログイン画面へ</Link>
        </Card>
      </PageFrame>
    );
  }

  return (
    <PageFrame
      title="メールアドレスで登録"
      narrow
      breadcrumbs={[{ label: '新規会員登録', href: '/register' }, { label: 'メールアドレスで登録' }]}
      lead="入力したメールアドレスに確認メールをお送りします。"
    >
      <Card>
        <form onSubmit={submit} noValidate>
          {message && <FormAlert role="alert">{message}</FormAlert>}
          <Field
            label="メールアドレス"
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            required
            value={form.email}
            onChange={set('email')}
            errors={errors.email}
          />
          <Field
            label="パスワード"
            type="password"
            name="password"
            autoComplete="new-password"
            hint={`${PASSWORD_MIN}文字以上。ほかのサービスと同じパスワードは避けてください。`}
            required
            minLength={8}
            value={form.password}
            onChange={set('password')}
            errors={errors.password}
          />
          <Field
            label="お名前"
            name="name"
            autoComplete="name"
            hint="ニックネームでもかまいません。お店に表示されます。"
            required
            value={form.name}
            onChange={set('name')}
            errors={errors.name}
          />
          <Field
            label="ユーザーID"
            name="screen_name"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            hint="半角英数字・ハイフン・アンダースコアで3〜30文字。プロフィールページのURLになります。"
            required
            value={form.screen_name}
            onChange={set('screen_name')}
            errors={errors.screen_name}
          />
          <CheckboxField
            name="terms"
            checked={form.terms}
            onChange={set('terms')}
            errors={errors.terms}
            label={
              <>
                <Link href="/terms">利用規約</Link>と<Link href="/privacy-policy">プライバシーポリシー</Link>
                に同意します
              </>
            }
          />
          {siteKey && <Recaptcha siteKey={siteKey} onToken={setToken} resetKey={resetKey} />}
          <Button
            type="submit"
            block
            size="lg"
            disabled={busy || !form.terms}
            aria-disabled={busy || !form.terms}
          >
            同意して登録する
          </Button>
        </form>
      </Card>
      <Notice tone="info">
        すでにアカウントをお持ちの方は<Link href="/login">ログイン</Link>してください。
      </Notice>
    </PageFrame>
  );
}
