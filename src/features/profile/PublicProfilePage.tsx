import { useEffect } from 'react';
import { Link } from 'wouter';
import type { PublicProfile, ShopProfile } from '../../api/contracts/profiles.ts';
import { useAuth } from '../../app/hooks.ts';
import { buttonClass } from '../../components/Button.tsx';
import { formatCount } from '../../components/format.ts';
import { PageLoading } from '../../components/LoadingOverlay.tsx';
import { Card, EmptyState, PageFrame } from '../../components/Page.tsx';
import { MessageView, NotFoundView } from '../../components/StatusViews.tsx';
import { useApiGet } from '../../hooks/api.ts';
import { session } from '../../lib/session-storage.ts';
import type { ScreenProps } from '../../routes/table.ts';
import { styled } from '../../styles/stitches.config.ts';

// The rule of src/api/contracts/profiles.ts, kept here as a literal so this screen does not load zod.
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
const Cover = styled('img', {
  display: 'block',
  width: '100%',
  aspectRatio: '3 / 1',
  objectFit: 'cover',
  borderRadius: '$md',
  marginBottom: '$4',
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
const Details = styled('dl', {
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: '$2 $4',
  margin: '0 0 $4',
  '& dt': { fontWeight: 700, fontSize: '$small' },
  '& dd': { margin: 0, overflowWrap: 'anywhere' },
});
const Count = styled('p', { fontSize: '$small', '& strong': { fontSize: '$h4', marginRight: '2px' } });

/** A website the shop typed in, shown as a link only when it is http(s) (never `javascript:` and the like). */
function safeWebsite(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

const mapUrl = (address: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;

/** Address, hours and website, then the way on: to the shop for a signed-in user, sign-up for a guest. */
function ShopDetails({ shop }: { shop: ShopProfile }) {
  const { login } = useAuth();
  const website = safeWebsite(shop.url);
  return (
    <Card aria-labelledby="shop-access">
      <h2 id="shop-access">お店の情報</h2>
      {shop.address || shop.opening_hours || website ? (
        <Details>
          {shop.address && (
            <>
              <dt>住所</dt>
              <dd>{shop.address}</dd>
            </>
          )}
          {shop.opening_hours && (
            <>
              <dt>営業時間</dt>
              <dd>{shop.opening_hours}</dd>
            </>
          )}
          {website && (
            <>
              <dt>ウェブサイト</dt>
              <dd>
                <a href={website} target="_blank" rel="noopener noreferrer">
                  {website}
                </a>
              </dd>
            </>
          )}
        </Details>
      ) : (
        <p>住所や営業時間はまだ登録されていません。</p>
      )}
      {login ? (
        shop.address && (
          <a
            className={buttonClass({ size: 'lg', block: true })}
            href={mapUrl(shop.address)}
            target="_blank"
            rel="noopener noreferrer"
          >
            地図でお店の場所を見る
          </a>
        )
      ) : (
        <>
          <p>会員登録すると、このお店を応援してSNSで紹介できます。</p>
          <Link
            href="/register"
            className={buttonClass({ size: 'lg', block: true })}
            // Product design section 6: a guest who signs up from the shop's page is its referral.
            onClick={() => session.setReferralShopId(shop.id)}
          >
            会員登録してこのお店を応援する
          </Link>
        </>
      )}
    </Card>
  );
}

/** Seed spec section 2: `/{screen_name}`, the public profile of a supporter or a shop, matched last. */
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
  const text = p.type === 'shop' ? p.description : p.bio;
  return (
    <PageFrame title={p.name}>
      <Card>
        {p.type === 'shop' && p.cover_image_url && <Cover src={p.cover_image_url} alt="" />}
        <Head>
          {p.type === 'user' && (
            <Avatar aria-hidden="true">{p.avatar_url && <img src={p.avatar_url} alt="" />}</Avatar>
          )}
          <div>
            <p style={{ margin: 0, color: '#5f5f5f' }}>@{p.screen_name}</p>
            <Facts aria-label="プロフィール情報">
              <li>{p.type === 'shop' ? 'お店' : 'フォーカスター'}</li>
              {p.type === 'shop' && p.category && <li>{p.category}</li>}
              {p.type === 'shop' && p.prefecture && <li>{p.prefecture}</li>}
            </Facts>
          </div>
        </Head>
        {p.type === 'shop' ? (
          <Count>
            <strong>{formatCount(p.favoriters_count)}</strong>人のフォーカスターが応援しています
          </Count>
        ) : (
          <Count>
            応援しているお店 <strong>{formatCount(p.favorites_count)}</strong>件
          </Count>
        )}
        {text ? (
          <p style={{ whiteSpace: 'pre-wrap' }}>{text}</p>
        ) : (
          <EmptyState title={p.type === 'shop' ? 'お店の紹介はまだありません' : '自己紹介はまだありません'} />
        )}
      </Card>
      {p.type === 'shop' && <ShopDetails shop={p} />}
    </PageFrame>
  );
}
