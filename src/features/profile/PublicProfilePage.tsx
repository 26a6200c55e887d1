import { useEffect } from 'react';
import { formatCount } from '../../components/format.ts';
import { PageLoading } from '../../components/LoadingOverlay.tsx';
import { Card, EmptyState, PageFrame } from '../../components/Page.tsx';
import { MessageView, NotFoundView } from '../../components/StatusViews.tsx';
import { useApiGet } from '../../hooks/api.ts';
import type { ScreenProps } from '../../routes/table.ts';
import { styled } from '../../styles/stitches.config.ts';

/** What the profile endpoint answers (a supporter or a shop); fields beyond these are ignored. */
type PublicProfile = {
  type?: 'user' | 'shop';
  name: string;
  screen_name: string;
  bio?: string | null;
  description?: string | null;
  avatar_url?: string | null;
  cover_image_url?: string | null;
  category?: string | null;
  prefecture?: string | null;
  favoriters_count?: number;
  favorites_count?: number;
};

const SCREEN_NAME = /^[A-Za-z0-9_-]{1,30}$/;

const Head = styled('div', { display: 'flex', alignItems: 'center', gap: '$4', marginBottom: '$4' });
const Avatar = styled('div', {
  width: '72px',
  height: '72px',
  flexShrink: 0,
  borderRadius: '50%',
  overflow: 'hidden',
  backgroundColor: '$primaryLight',
  '& img': { width: '100%', height: '100%', objectFit: 'cover' },
});
const Facts = styled('ul', {
  listStyle: 'none',
  padding: 0,
  margin: 0,
  display: 'flex',
  flexWrap: 'wrap',
  gap: '$2',
  '& li': { padding: '2px 10px', borderRadius: '$pill', backgroundColor: '$gray100', fontSize: '$tiny' },
});

/**
 * Seed spec section 2: `/{screen_name}`, the public profile of a supporter or a shop, matched last.
 * NOTE: the API has no public-profile endpoint yet; a 404 from it is the not-found view.
 */
export default function PublicProfilePage({ params }: ScreenProps) {
  const screenName = params.screen_name ?? '';
  const valid = SCREEN_NAME.test(screenName);
  const res = useApiGet<PublicProfile>(valid ? `/api/profiles/${encodeURIComponent(screenName)}` : null);

  const name = res.state === 'done' ? res.data.name : null;
  const missing = !valid || (res.state === 'failed' && res.error.status === 404);
  useEffect(() => {
    if (name) document.title = `${name} | Focustar`;
    else if (missing) document.title = 'ユーザーが見つかりません | Focustar';
  }, [name, missing]);

  if (!valid) return <NotFoundView what="ユーザー" />;
  if (res.state === 'loading') return <PageLoading />;
  if (res.state === 'failed') {
    if (res.error.status === 404) return <NotFoundView what="ユーザー" />;
    return <MessageView title="プロフィールを表示できません">{res.error.message}</MessageView>;
  }
  const p = res.data;
  const isShop = p.type === 'shop';
  return (
    <PageFrame title={p.name}>
      <Card>
        <Head>
          <Avatar aria-hidden="true">{p.avatar_url && <img src={p.avatar_url} alt="" />}</Avatar>
          <div>
            <p style={{ margin: 0, color: '#5f5f5f' }}>@{p.screen_name}</p>
            <Facts aria-label="プロフィール情報">
              <li>{isShop ? 'お店' : 'フォーカスター'}</li>
              {p.category && <li>{p.category}</li>}
              {p.prefecture && <li>{p.prefecture}</li>}
              {isShop && typeof p.favoriters_count === 'number' && (
                <li>ファン {formatCount(p.favoriters_count)}人</li>
              )}
            </Facts>
          </div>
        </Head>
        {(p.description ?? p.bio) ? (
          <p>{p.description ?? p.bio}</p>
        ) : (
          <EmptyState title="自己紹介はまだありません" />
        )}
      </Card>
    </PageFrame>
  );
}
