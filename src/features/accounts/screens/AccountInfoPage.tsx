import { lazy, Suspense } from 'react';
import { Link } from 'wouter';
import { useAuth } from '../../../platform/session/hooks.ts';
import { Card, PageFrame } from '../../../platform/ui/Page.tsx';
import { FirstSteps } from '../../../platform/ui/FirstSteps.tsx';
import { REVIEW_EXPLAINED, SUPPORTER_APPROVED } from '../../../../contracts/first-steps.ts';
import { styled } from '../../../platform/styles/stitches.config.ts';
import { LeaveSection } from './LeaveSection.tsx';
import { LoginLinksSection } from './LoginLinksSection.tsx';
import { ProfileSection } from './ProfileSection.tsx';
import { SecuritySection } from './SecuritySection.tsx';
import { SnsAccountsSection } from './SnsAccountsSection.tsx';

// Issue 26: 通知設定 and the push devices, loaded after the rest of the screen.
const NotificationSettingsSection = lazy(() => import('./NotificationSettingsSection.tsx'));

const List = styled('dl', {
  display: 'grid',
  gridTemplateColumns: '8em 1fr',
  gap: '$2 $4',
  margin: 0,
  '& dt': { fontWeight: 700, color: '$gray700', fontSize: '$small' },
  '& dd': { margin: 0, overflowWrap: 'anywhere' },
});

/** Seed spec section 2: account info (e-mail, ids, linked social accounts, review status). */
export default function AccountInfoPage() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <PageFrame
      title="アカウント情報"
      breadcrumbs={[{ label: 'トップ', href: '/' }, { label: 'アカウント情報' }]}
    >
      {/* Issue 25 point 6 (ADR 0167): what is left to do, each step linking to where it is done. */}
      <FirstSteps user={user} here="/account-info" />
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
          <dd>
            {user.status}
            {user.status !== SUPPORTER_APPROVED && (
              <small style={{ display: 'block' }}>{REVIEW_EXPLAINED}</small>
            )}
          </dd>
        </List>
      </Card>
      <ProfileSection />
      <SnsAccountsSection />
      {/* Issue 16 / ADR 0090: these are ways to log in, not the SNS accounts reviewed for posting. */}
      <LoginLinksSection />
      <SecuritySection />
      <Suspense fallback={null}>
        <NotificationSettingsSection />
      </Suspense>
      <LeaveSection />
    </PageFrame>
  );
}
