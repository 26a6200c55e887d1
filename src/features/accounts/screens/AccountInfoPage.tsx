import { Link } from 'wouter';
import { useAuth } from '../../../platform/session/hooks.ts';
import { Card, EmptyState, PageFrame } from '../../../platform/ui/Page.tsx';
import { styled } from '../../../platform/styles/stitches.config.ts';
import { LeaveSection } from './LeaveSection.tsx';
import { ProfileSection } from './ProfileSection.tsx';
import { SecuritySection } from './SecuritySection.tsx';
import { SnsAccountsSection } from './SnsAccountsSection.tsx';

const List = styled('dl', {
  display: 'grid',
  gridTemplateColumns: '8em 1fr',
  gap: '$2 $4',
  margin: 0,
  '& dt': { fontWeight: 700, color: '$gray700', fontSize: '$small' },
  '& dd': { margin: 0, overflowWrap: 'anywhere' },
});

const PROVIDERS: Record<string, string> = {
  line: 'LINE',
  x: 'X',
  instagram: 'Instagram',
  tiktok: 'TikTok',
  facebook: 'Facebook',
  google: 'Google',
};

/** Seed spec section 2: account info (e-mail, ids, linked social accounts, review status). */
export default function AccountInfoPage() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <PageFrame
      title="アカウント情報"
      breadcrumbs={[{ label: 'トップ', href: '/' }, { label: 'アカウント情報' }]}
    >
      <Card aria-labelledby="acc-basic">
        <h2 id="acc-basic">基本情報</h2>
        <List>
          <dt>お名前</dt>
          <dd>{user.name}</dd>
          <dt>ユーザーID</dt>
          <dd>
            <Link href={`/${encodeURIComponent(user.screen_name)}`}>@{user.screen_name}</Link>
          </dd>
          <dt>メールアドレス</dt>
          <dd>{user.email ?? '未登録'}</dd>
          <dt>審査状況</dt>
          <dd>{user.status}</dd>
        </List>
      </Card>
      <ProfileSection />
      <SnsAccountsSection />
      {/* Issue 16 / ADR 0090: these are ways to log in, not the SNS accounts reviewed for posting. */}
      <Card aria-labelledby="acc-sns">
        <h2 id="acc-sns">ログインに使う連携アカウント</h2>
        {user.social_accounts.length === 0 ? (
          <EmptyState title="連携しているアカウントはありません">
            LINE・X・Googleのアカウントを連携すると、メールアドレスとパスワードなしでログインできます。
          </EmptyState>
        ) : (
          <List>
            {user.social_accounts.map((a) => (
              <div key={a.id} style={{ display: 'contents' }}>
                <dt>{PROVIDERS[a.provider] ?? a.provider}</dt>
                <dd>{a.handle ?? a.profile_url ?? '連携済み'}</dd>
              </div>
            ))}
          </List>
        )}
      </Card>
      <SecuritySection />
      <LeaveSection />
    </PageFrame>
  );
}
