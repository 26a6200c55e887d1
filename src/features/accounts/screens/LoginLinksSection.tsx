import { LOGIN_PROVIDERS, type LoginProvider } from '../../../../contracts/oauth.ts';
import {
  usePublicConfigSuspense as usePublicConfig,
  useSubmission,
} from '../../../platform/request/hooks.ts';
import { getOAuthUrl } from '../../../platform/session/api/oauth/get-oauth-url.ts';
import { useAuth, useAuthActions } from '../../../platform/session/hooks.ts';
import { styled } from '../../../platform/styles/stitches.config.ts';
import { Button } from '../../../platform/ui/Button.tsx';
import { FormAlert } from '../../../platform/ui/Field.tsx';
import { Card, EmptyState } from '../../../platform/ui/Page.tsx';
import { unlinkOAuth } from '../api/unlink-oauth.ts';
import { returnToAccountInfoAfterOAuth } from '../oauth-return.ts';

/**
 * Issue 16 / ADR 0090: the ways to log in (LINE, X, Google) linked to the account, each of which can be
 * unlinked unless it is the last way to log in (the server says so). These are not the SNS accounts
 * reviewed for posting.
 */
const PROVIDERS: Record<string, string> = {
  line: 'LINE',
  x: 'X',
  instagram: 'Instagram',
  tiktok: 'TikTok',
  facebook: 'Facebook',
  google: 'Google',
};
const Rows = styled('ul', { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '$2' });
const Row = styled('li', {
  display: 'flex',
  flexWrap: 'wrap',
  gap: '$2',
  alignItems: 'center',
  justifyContent: 'space-between',
  padding: '$2 0',
  borderBottom: '1px solid $gray200',
  '& span': { overflowWrap: 'anywhere' },
});

const isLoginProvider = (p: string): p is LoginProvider => (LOGIN_PROVIDERS as readonly string[]).includes(p);

export function LoginLinksSection() {
  const { user } = useAuth();
  const { refreshUser } = useAuthActions();
  const config = usePublicConfig();
  const { busy, message, errors, run } = useSubmission();
  if (!user) return null;
  const problem = errors.provider?.[0] ?? message;
  // Issue 16: link a provider the server offers and the account does not have yet. Signed in, the
  // provider's identity is linked to this account (ADR 0011), and the callback comes back here.
  const linkable = config.oauthProviders
    .filter(isLoginProvider)
    .filter((p) => !user.social_accounts.some((a) => a.provider === p));
  const link = async (provider: LoginProvider) => {
    const done = await run(() => getOAuthUrl(provider, { mode: 'login' }, { quiet: true }));
    if (!done.ok) return;
    returnToAccountInfoAfterOAuth();
    window.location.assign(done.value);
  };
  return (
    <Card aria-labelledby="acc-sns">
      <h2 id="acc-sns">ログインに使う連携アカウント</h2>
      {problem && <FormAlert role="alert">{problem}</FormAlert>}
      {user.social_accounts.length === 0 ? (
        <EmptyState title="連携しているアカウントはありません">
          LINE・X・Googleのアカウントを連携すると、メールアドレスとパスワードなしでログインできます。
        </EmptyState>
      ) : (
        <Rows>
          {user.social_accounts.map((a) => {
            const label = PROVIDERS[a.provider] ?? a.provider;
            return (
              <Row key={a.id}>
                <span>
                  <strong>{label}</strong> {a.handle ?? a.profile_url ?? '連携済み'}
                </span>
                {isLoginProvider(a.provider) && (
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={busy}
                    onClick={async () => {
                      if (
                        !window.confirm(
                          `${label}との連携を解除しますか？${label}ではログインできなくなります。`,
                        )
                      )
                        return;
                      const done = await run(() => unlinkOAuth(a.provider, { quiet: true }));
                      if (done.ok) await refreshUser().catch(() => {});
                    }}
                  >
                    連携を解除
                  </Button>
                )}
              </Row>
            );
          })}
        </Rows>
      )}
      {linkable.length > 0 && (
        <Rows aria-label="連携できるアカウント">
          {linkable.map((provider) => (
            <Row key={provider}>
              <span>{PROVIDERS[provider] ?? provider}</span>
              <Button size="sm" variant="secondary" disabled={busy} onClick={() => void link(provider)}>
                {PROVIDERS[provider] ?? provider}と連携する
              </Button>
            </Row>
          ))}
        </Rows>
      )}
    </Card>
  );
}
