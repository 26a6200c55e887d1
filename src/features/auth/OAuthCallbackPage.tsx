import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { authResponseSchema } from '../../api/contracts/auth.ts';
import { OAUTH_ERROR_MESSAGES } from '../../api/errors.ts';
import { useAuth } from '../../app/hooks.ts';
import { ButtonLink } from '../../components/Button.tsx';
import { PageLoading } from '../../components/LoadingOverlay.tsx';
import { Card, PageFrame } from '../../components/Page.tsx';
import type { ScreenProps } from '../../routes/table.ts';
import { apiPost, isApiFailure } from '../../hooks/api.ts';

const KNOWN = ['line', 'x', 'google'];

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
    apiPost<unknown>(`/api/oauth/${provider}/login`, { code }).then(
      (answer) => {
        const parsed = authResponseSchema.safeParse(answer);
        if (!parsed.success) {
          setError(OAUTH_ERROR_MESSAGES.failed);
          return;
        }
        send({ type: 'auth.login', user: parsed.data.user, accessToken: parsed.data.access_token });
        navigate('/', { replace: true });
      },
      (err: unknown) => setError(isApiFailure(err) ? err.message : OAUTH_ERROR_MESSAGES.failed),
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
