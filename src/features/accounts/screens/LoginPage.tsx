import { type FormEvent, useState } from 'react';
import { Link } from 'wouter';
import { type LoginProvider, OAUTH_ERROR_COOKIE } from '../../../../contracts/oauth.ts';
import { REMEMBER_HINT, REMEMBER_LABEL } from '../../../../contracts/values.ts';
import { readCookie } from '../../../platform/request/cookies.ts';
import { OAUTH_ERROR_MESSAGES } from '../../../../machines/errors.ts';
import { useAuth, useAuthActions } from '../../../platform/session/hooks.ts';
import { Button } from '../../../platform/ui/Button.tsx';
import { CheckboxField, Field, FormAlert, toHalfWidthAscii } from '../../../platform/ui/Field.tsx';
import { Card, Notice, PageFrame } from '../../../platform/ui/Page.tsx';
import {
  usePublicConfigSuspense as usePublicConfig,
  useSubmission,
} from '../../../platform/request/hooks.ts';
import { RECAPTCHA_REQUIRED, Recaptcha } from './Recaptcha.tsx';
import {
  EMAIL_VERIFICATION_RESULTS,
  EMAIL_VERIFIED_LOGIN_HINT,
  type EmailVerificationResult,
} from '../../../../contracts/email-verification.ts';
import { Divider, SocialButtons } from './SocialButtons.tsx';

/** Section 3: the OAuth error type comes back in its cookie (or, as a fallback, the query). */
function oauthErrorFromUrl(): string | null {
  const type =
    readCookie(OAUTH_ERROR_COOKIE) ?? new URLSearchParams(window.location.search).get('oauth_error');
  return type && type in OAUTH_ERROR_MESSAGES
    ? OAUTH_ERROR_MESSAGES[type as keyof typeof OAUTH_ERROR_MESSAGES]
    : null;
}

/** Issue 25 (ADR 0167): the verification link opened in a browser that is not signed in lands here. */
function verificationFromUrl(): EmailVerificationResult | null {
  const result = new URLSearchParams(window.location.search).get('email_verification');
  return result && result in EMAIL_VERIFICATION_RESULTS ? (result as EmailVerificationResult) : null;
}

/** Seed spec sections 2, 5 and 7: e-mail, password and the reCAPTCHA token; social login buttons. */
export default function LoginPage() {
  const config = usePublicConfig();
  const { user, login: loggedIn } = useAuth();
  const { login, oauthLogin } = useAuthActions();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [token, setToken] = useState('');
  const [resetKey, setResetKey] = useState(0);
  const { busy, message, errors, setMessage, run } =
    useSubmission('ログインに失敗しました。もう一度お試しください。');
  const [oauthError] = useState(oauthErrorFromUrl);
  const [verification] = useState(verificationFromUrl);
  const siteKey = config?.recaptchaSiteKey ?? null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (siteKey && !token) {
      setMessage(RECAPTCHA_REQUIRED);
      return;
    }
    const result = await run(() => login(toHalfWidthAscii(email), password, token || undefined, remember));
    // A token of the reCAPTCHA widget is single use: a failed login needs a fresh one.
    if (!result.ok) setResetKey((k) => k + 1);
  };

  const unverified = !!user && !loggedIn;
  // The server repeats its message under the field it concerns; say it once, next to the field.
  const showAlert = !!message && !Object.values(errors).flat().includes(message);
  return (
    <PageFrame title="ログイン" narrow lead="Focustarのアカウントでログインしてください。">
      <Card>
        {oauthError && <FormAlert role="alert">{oauthError}</FormAlert>}
        {verification && (
          <Notice tone={verification === 'ok' ? 'info' : 'danger'} role="status">
            {EMAIL_VERIFICATION_RESULTS[verification]}
            {verification === 'ok' && ` ${EMAIL_VERIFIED_LOGIN_HINT}`}
          </Notice>
        )}
        {unverified && (
          <Notice tone="info" role="status">
            メールアドレスの確認が完了していません。登録時にお送りした確認メールのリンクを開いてください。
            {/* Issue 25: the first steps on the top page can send the mail again. */}
            <Link href="/">確認メールを再送信する</Link>
          </Notice>
        )}
        <form onSubmit={submit} noValidate aria-describedby={showAlert ? 'login-error' : undefined}>
          {showAlert && (
            <FormAlert id="login-error" role="alert">
              {message}
            </FormAlert>
          )}
          <Field
            label="メールアドレス"
            type="email"
            name="email"
            autoComplete="username"
            inputMode="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            errors={errors.email}
          />
          <Field
            label="パスワード"
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            errors={errors.password}
          />
          <CheckboxField
            name="remember"
            label={REMEMBER_LABEL}
            checked={remember}
            hint={REMEMBER_HINT}
            onChange={(e) => setRemember(e.target.checked)}
          />
          {siteKey && <Recaptcha siteKey={siteKey} onToken={setToken} resetKey={resetKey} />}
          <Button type="submit" block size="lg" disabled={busy} aria-disabled={busy}>
            ログイン
          </Button>
        </form>
        <p style={{ marginTop: 16, textAlign: 'center' }}>
          <Link href="/forgot-password">パスワードをお忘れの方</Link>
        </p>
        {config && config.oauthProviders.length > 0 && (
          <>
            <Divider>または</Divider>
            <SocialButtons
              providers={config.oauthProviders}
              verb="ログイン"
              onSelect={(p) => oauthLogin(p as LoginProvider, 'login')}
            />
          </>
        )}
      </Card>
      <Card as="div" css={{ textAlign: 'center' }}>
        <p>はじめての方は、無料の会員登録から始めましょう。</p>
        <Link href="/register">新規会員登録はこちら</Link>
      </Card>
    </PageFrame>
  );
}
