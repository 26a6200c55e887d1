import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import {
  PROFILE_SCREEN_NAME as SCREEN_NAME,
  type ShopProfile,
  type UserProfile,
} from '../../../contracts/profiles.ts';
import { SNS_PLATFORM_LABELS } from '../../../contracts/supporters.ts';
import { useAuth } from '../../platform/session/hooks.ts';
import { Button, buttonClass } from '../../platform/ui/Button.tsx';
import { formatCount } from '../../platform/ui/format.ts';
import { PageLoading } from '../../platform/ui/LoadingOverlay.tsx';
import { Card, EmptyState, PageFrame } from '../../platform/ui/Page.tsx';
import { MessageView, NotFoundView } from '../../platform/ui/StatusViews.tsx';
import { useResource } from '../../platform/request/hooks.ts';
import { getProfile } from './api/get-profile.ts';
import { setFavorite } from './api/set-favorite.ts';
import { session } from '../../platform/session/session-storage.ts';
import type { ScreenProps } from '../../platform/routing.ts';
import { styled } from '../../platform/styles/stitches.config.ts';

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

/**
 * Issue 12: the follower count and the follow button of a shop's page. A guest is asked to sign up (the
 * shop is kept as the referral); a signed-in user follows or unfollows, and the count follows the server.
 */
function FollowBox({ shop }: { shop: ShopProfile }) {
  const { login } = useAuth();
  const [state, setState] = useState({ on: shop.is_favorite, count: shop.favoriters_count });
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    setBusy(true);
    try {
      const next = await setFavorite(shop.id, !state.on);
      setState({ on: next.is_favorite, count: next.favoriters_count });
    } catch {
      // the request layer has shown the error
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Count aria-live="polite">
        <strong>{formatCount(state.count)}</strong>人のフォーカスターが応援しています
      </Count>
      {login && (
        <Button
          variant={state.on ? 'outline' : 'primary'}
          aria-pressed={state.on}
          onClick={toggle}
          disabled={busy}
          style={{ marginBottom: 16 }}
        >
          {state.on ? 'お気に入り登録済み（解除する）' : 'このお店をお気に入りに登録する'}
        </Button>
      )}
    </>
  );
}

/** Seed spec section 2: `/{screen_name}`, the public profile of a supporter or a shop, matched last. */
const Links = styled('ul', {
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: '$2',
  '& li': { display: 'flex', gap: '$2', alignItems: 'baseline', flexWrap: 'wrap' },
  '& small': { color: '$gray600' },
});

/**
 * Issue 16: the supporter's SNS accounts that staff approved, and the shops followed when the supporter
 * allows it (`favorite_shops` is null otherwise, and then nothing is said about them).
 */
function SupporterDetails({ user }: { user: UserProfile }) {
  return (
    <>
      <Card aria-labelledby="profile-sns">
        <h2 id="profile-sns">SNSアカウント</h2>
        {user.sns_accounts.length === 0 ? (
          <p>確認済みのSNSアカウントはまだありません。</p>
        ) : (
          <Links>
            {user.sns_accounts.map((a) => (
              <li key={`${a.provider}:${a.handle}`}>
                <strong>{SNS_PLATFORM_LABELS[a.provider]}</strong>
                <a href={a.profile_url} target="_blank" rel="noopener noreferrer nofollow">
                  @{a.handle}
                </a>
              </li>
            ))}
          </Links>
        )}
      </Card>
      {user.favorite_shops && (
        <Card aria-labelledby="profile-shops">
          <h2 id="profile-shops">応援しているお店</h2>
          {user.favorite_shops.length === 0 ? (
            <p>応援しているお店はまだありません。</p>
          ) : (
            <Links>
              {user.favorite_shops.map((s) => (
                <li key={s.screen_name}>
                  <Link href={`/${encodeURIComponent(s.screen_name)}`}>{s.name}</Link>
                  {s.category && <small>{s.category}</small>}
                </li>
              ))}
            </Links>
          )}
        </Card>
      )}
    </>
  );
}

export default function PublicProfilePage({ params }: ScreenProps) {
  const screenName = params.screen_name ?? '';
  const valid = SCREEN_NAME.test(screenName);
  const res = useResource(
    valid ? (signal) => getProfile(screenName, signal) : null,
    valid ? screenName : null,
  );

  const name = res.state === 'done' ? res.data.name : null;
  const { login } = useAuth();
  const referral = res.state === 'done' && res.data.type === 'shop' && !login ? res.data.id : null;
  useEffect(() => {
    // Product design section 6: a guest who opens a shop's page (or its QR link) and then signs up
    // follows the shop after verifying the e-mail address.
    if (referral) session.setReferralShopId(referral);
  }, [referral]);
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
          <FollowBox shop={p} />
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
      {p.type === 'shop' ? <ShopDetails shop={p} /> : <SupporterDetails user={p} />}
    </PageFrame>
  );
}
