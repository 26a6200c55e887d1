import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { LOGIN_PROVIDERS, type LoginProvider } from '../../../../contracts/oauth.ts';
import { ApiRequestError, OAUTH_ERROR_MESSAGES } from '../../../../machines/errors.ts';
import { useAuth } from '../../../platform/session/hooks.ts';
import { ButtonLink } from '../../../platform/ui/Button.tsx';
import { PageLoading } from '../../../platform/ui/LoadingOverlay.tsx';
import { Card, PageFrame } from '../../../platform/ui/Page.tsx';
import type { ScreenProps } from '../../../platform/routing.ts';
import { oauthLogin } from '../api/oauth-login.ts';
import { takeOAuthReturn } from '../oauth-return.ts';

const KNOWN: readonly string[] = LOGIN_PROVIDERS;

/**
 * Seed spec section 2: the social login callback, shown as authenticating. The server's callback sends
 * the browser here with a one-time code (or an error type); the code is exchanged for the session.
 */
export default function OAuthCallbackPage({ params }: ScreenProps) {
  const { send } = useAuth();
  const [, navigate] = useLocation();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  const provider = params.provider ?? '';

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const back = takeOAuthReturn();
    const q = new URLSearchParams(window.location.search);
    const type = q.get('error');
    if (type) {
      setError(
        OAUTH_ERROR_MESSAGES[type as keyof typeof OAUTH_ERROR_MESSAGES] ?? OAUTH_ERROR_MESSAGES.failed,
      );
      return;
    }
    const code = q.get('code');
    if (!KNOWN.includes(provider) || !code) {
      setError(OAUTH_ERROR_MESSAGES.invalidCode);
      return;
    }
    oauthLogin(provider as LoginProvider, code).then(
      (answer) => {
        send({ type: 'auth.login', user: answer.user, accessToken: answer.access_token });
        // Linking from /account-info comes back there (issue 16); a login goes to the root (section 4).
        navigate(back, { replace: true });
      },
      (err: unknown) =>
        setError(
          err instanceof ApiRequestError && err.kind === 'http' ? err.message : OAUTH_ERROR_MESSAGES.failed,
        ),
    );
  }, [provider, send, navigate]);

  if (!error) {
    return (
      <PageFrame title="認証中" narrow>
        <PageLoading label="ソーシャルアカウントで認証しています。しばらくお待ちください…" />
      </PageFrame>
    );
  }
  return (
    <PageFrame title="ログインできませんでした" narrow>
      <Card role="alert">
        <p>{error}</p>
        <ButtonLink href="/login">ログイン画面に戻る</ButtonLink>
      </Card>
    </PageFrame>
  );
}
