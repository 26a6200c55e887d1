import { Link } from 'wouter';
import { useAuth } from '../../app/hooks.ts';
import { Card, EmptyState, PageFrame } from '../../components/Page.tsx';
import { styled } from '../../styles/stitches.config.ts';

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
      <Card aria-labelledby="acc-sns">
        <h2 id="acc-sns">連携しているSNSアカウント</h2>
        {user.social_accounts.length === 0 ? (
          <EmptyState title="SNSアカウントはまだ登録されていません">
            投稿に使うSNSアカウントを登録すると、運営の確認後に拡散依頼が届くようになります。
          </EmptyState>
        ) : (
          <List>
            {user.social_accounts.map((a) => (
              <div key={a.id} style={{ display: 'contents' }}>
                <dt>{PROVIDERS[a.provider] ?? a.provider}</dt>
                <dd>
                  {a.handle ?? a.profile_url ?? '—'}（{a.status}）
                </dd>
              </div>
            ))}
          </List>
        )}
      </Card>
    </PageFrame>
  );
}
