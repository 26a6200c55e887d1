import { type FormEvent, useEffect, useEffectEvent, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import type { ShopCard, ShopSearchQuery, ShopSupporter } from '../../../contracts/shops.ts';
import { SNS_PLATFORM_LABELS } from '../../../contracts/supporters.ts';
import { asApiError } from '../../platform/request/hooks.ts';
import { useAuth } from '../../platform/session/hooks.ts';
import { styled } from '../../platform/styles/stitches.config.ts';
import { Button, ButtonLink } from '../../platform/ui/Button.tsx';
import { Field } from '../../platform/ui/Field.tsx';
import { formatCount, formatDateTime } from '../../platform/ui/format.ts';
import { PageLoading } from '../../platform/ui/LoadingOverlay.tsx';
import { EmptyState, PageFrame } from '../../platform/ui/Page.tsx';
import { listSupporters } from './api/list-supporters.ts';
import { searchShops } from './api/search-shops.ts';
import { setFavorite } from './api/set-favorite.ts';
import { CategoryOptions, PrefectureOptions, SelectField } from './ShopFields.tsx';

const Grid = styled('ul', {
  listStyle: 'none',
  margin: '0 0 $4',
  padding: 0,
  display: 'grid',
  gap: '$3',
  '@md': { gridTemplateColumns: 'repeat(2, 1fr)' },
});
const CardBox = styled('li', {
  display: 'flex',
  flexDirection: 'column',
  borderRadius: '$lg',
  overflow: 'hidden',
  backgroundColor: '$white',
  boxShadow: '$card',
  '& img': { width: '100%', aspectRatio: '16 / 9', objectFit: 'cover', backgroundColor: '$gray100' },
  '& > div': { padding: '$3 $4', display: 'flex', flexDirection: 'column', gap: '$2', flex: 1 },
  '& h3': { fontSize: '$h4', margin: 0 },
  '& p': { margin: 0, fontSize: '$small', color: '$gray700' },
});
const Tags = styled('p', {
  display: 'flex',
  gap: '$2',
  '& span': { padding: '0 $2', borderRadius: '$pill', backgroundColor: '$gray100' },
});
const Filters = styled('form', {
  display: 'grid',
  gap: '0 $3',
  alignItems: 'end',
  '@md': { gridTemplateColumns: '2fr 1fr 1fr auto' },
  '& > button': { marginBottom: '$4' },
});
const Tabs = styled('nav', {
  display: 'flex',
  gap: '$2',
  marginBottom: '$4',
  '& a': {
    padding: '$2 $4',
    borderRadius: '$pill',
    border: '2px solid $gray300',
    textDecoration: 'none',
    color: '$gray900',
  },
  '& a[aria-current="page"]': {
    borderColor: '$primaryText',
    backgroundColor: '$primaryPale',
    fontWeight: 700,
  },
});
const SupporterList = styled('ul', {
  listStyle: 'none',
  margin: '0 0 $4',
  padding: 0,
  '& li': {
    display: 'flex',
    gap: '$3',
    padding: '$3 0',
    borderBottom: '1px solid $gray200',
    alignItems: 'center',
  },
  '& img, & .avatar': {
    width: '48px',
    height: '48px',
    borderRadius: '50%',
    objectFit: 'cover',
    backgroundColor: '$primaryLight',
    flexShrink: 0,
  },
  '& p': { margin: 0, fontSize: '$small', color: '$gray700' },
});

type Listing<T, C> = {
  state: 'loading' | 'done' | 'failed';
  items: T[];
  next: C | null;
  error: string | null;
};

/** Reads the first page for `key`, then more pages on demand (keyset cursor from the server). */
function useListing<T, C>(
  load: (cursor: C | null) => Promise<{ data: T[]; next_cursor: C | null }>,
  key: string | null,
) {
  const [list, setList] = useState<Listing<T, C>>({ state: 'loading', items: [], next: null, error: null });
  const [loadingMore, setLoadingMore] = useState(false);
  // NOTE: `key` names the query; `load` is a new closure on every render, read by the effect as an event.
  const first = useEffectEvent(() => load(null));
  useEffect(() => {
    if (key === null) return;
    let live = true;
    setList({ state: 'loading', items: [], next: null, error: null });
    first().then(
      (r) => live && setList({ state: 'done', items: r.data, next: r.next_cursor, error: null }),
      (err: unknown) =>
        live && setList({ state: 'failed', items: [], next: null, error: asApiError(err).message }),
    );
    return () => {
      live = false;
    };
  }, [key]);
  const more = async () => {
    if (list.next === null) return;
    setLoadingMore(true);
    try {
      const r = await load(list.next);
      setList((l) => ({ ...l, items: [...l.items, ...r.data], next: r.next_cursor }));
    } catch {
      // the request layer has shown the error
    } finally {
      setLoadingMore(false);
    }
  };
  const update = (fn: (items: T[]) => T[]) => setList((l) => ({ ...l, items: fn(l.items) }));
  return { list, more, loadingMore, update };
}

function FollowButton({ shop, onChange }: { shop: ShopCard; onChange: (next: ShopCard) => void }) {
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    setBusy(true);
    try {
      const state = await setFavorite(shop.id, !shop.is_favorite);
      onChange({ ...shop, is_favorite: state.is_favorite, favoriters_count: state.favoriters_count });
    } catch {
      // the request layer has shown the error
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="sm"
      variant={shop.is_favorite ? 'outline' : 'primary'}
      aria-pressed={shop.is_favorite}
      aria-label={`${shop.name}を${shop.is_favorite ? 'お気に入りから外す' : 'お気に入りに登録する'}`}
      onClick={toggle}
      disabled={busy}
    >
      {shop.is_favorite ? 'お気に入り登録済み' : 'お気に入りに登録'}
    </Button>
  );
}

function ShopCards({ items, onChange }: { items: ShopCard[]; onChange: (next: ShopCard) => void }) {
  return (
    <Grid>
      {items.map((s) => (
        <CardBox key={s.id}>
          {s.cover_image_url ? <img src={s.cover_image_url} alt="" loading="lazy" /> : <img alt="" />}
          <div>
            <h3>
              <Link href={`/${s.screen_name}`}>{s.name}</Link>
            </h3>
            <Tags>
              {s.prefecture && <span>{s.prefecture}</span>}
              {s.category && <span>{s.category}</span>}
            </Tags>
            {s.description && <p>{s.description}</p>}
            <p>{formatCount(s.favoriters_count)}人のフォーカスターが応援しています</p>
            <div>
              <FollowButton shop={s} onChange={onChange} />
            </div>
          </div>
        </CardBox>
      ))}
    </Grid>
  );
}

/** Supporter mode: search published shops (by name, area, category) or list the followed ones. */
function SupporterFavorites({ follow }: { follow: boolean }) {
  const search = useSearch();
  const [, navigate] = useLocation();
  const params = new URLSearchParams(search);
  const query: ShopSearchQuery = follow
    ? { type: 'follow' }
    : {
        ...(params.get('q') ? { q: params.get('q')! } : {}),
        ...(params.get('prefecture') ? { prefecture: params.get('prefecture')! } : {}),
        ...(params.get('category') ? { category: params.get('category')! } : {}),
      };
  const [form, setForm] = useState({
    q: params.get('q') ?? '',
    prefecture: params.get('prefecture') ?? '',
    category: params.get('category') ?? '',
  });
  const { list, more, loadingMore, update } = useListing<ShopCard, number>(
    (cursor) => searchShops({ ...query, limit: 20, ...(cursor ? { cursor } : {}) }),
    JSON.stringify(query),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = new URLSearchParams(Object.entries(form).filter(([, v]) => v.trim() !== ''));
    navigate(`/favorites${next.size ? `?${next}` : ''}`);
  };
  const replace = (next: ShopCard) => update((items) => items.map((i) => (i.id === next.id ? next : i)));
  const title = follow ? 'お気に入りのお店' : 'お店を探す';
  return (
    <PageFrame
      title={title}
      breadcrumbs={[{ label: 'トップ', href: '/' }, { label: title }]}
      lead="お気に入りに登録したお店からの拡散依頼は、優先してあなたに届きます。"
    >
      <Tabs aria-label="お気に入りの表示">
        <Link href="/favorites?type=follow" aria-current={follow ? 'page' : undefined}>
          お気に入りのお店
        </Link>
        <Link href="/favorites" aria-current={follow ? undefined : 'page'}>
          お店を探す
        </Link>
      </Tabs>
      {!follow && (
        <Filters onSubmit={submit} role="search" aria-label="お店の検索">
          <Field
            label="お店の名前・キーワード"
            value={form.q}
            onChange={(e) => setForm({ ...form, q: e.target.value })}
          />
          <SelectField
            label="エリア"
            value={form.prefecture}
            onChange={(e) => setForm({ ...form, prefecture: e.target.value })}
          >
            <PrefectureOptions empty="すべての都道府県" />
          </SelectField>
          <SelectField
            label="カテゴリ"
            value={form.category}
            onChange={(e) => setForm({ ...form, category: e.target.value })}
          >
            <CategoryOptions empty="すべてのカテゴリ" />
          </SelectField>
          <Button type="submit">検索する</Button>
        </Filters>
      )}
      {list.state === 'loading' && <PageLoading label="お店を読み込んでいます…" />}
      {list.state === 'failed' && <EmptyState title="お店を読み込めませんでした">{list.error}</EmptyState>}
      {list.state === 'done' &&
        list.items.length === 0 &&
        (follow ? (
          <EmptyState
            title="お気に入りのお店はまだありません"
            action={<ButtonLink href="/favorites">お店を探す</ButtonLink>}
          >
            お店のページやお店のQRコードから、お気に入りに登録できます。
          </EmptyState>
        ) : (
          <EmptyState
            title="条件に合うお店は見つかりませんでした"
            action={<ButtonLink href="/request-shop">応援したいお店をリクエストする</ButtonLink>}
          >
            条件を変えて探すか、応援したいお店をリクエストしてください。
          </EmptyState>
        ))}
      <ShopCards items={list.items} onChange={replace} />
      {list.next !== null && (
        <Button variant="outline" onClick={() => void more()} disabled={loadingMore}>
          さらに読み込む
        </Button>
      )}
    </PageFrame>
  );
}

/** Advertiser mode: the selected shop's supporters, newest first, 50 a page. */
function ShopSupporters() {
  const { shop } = useAuth();
  const { list, more, loadingMore } = useListing<ShopSupporter, string>(
    (cursor) => listSupporters(shop!.id, cursor),
    shop ? `supporters:${shop.id}` : null,
  );
  return (
    <PageFrame
      title="あなたのフォーカスター"
      breadcrumbs={[{ label: 'トップ', href: '/' }, { label: 'あなたのフォーカスター' }]}
      lead={shop ? `${shop.name}をお気に入りに登録しているフォーカスターです。` : undefined}
    >
      {!shop ? (
        <EmptyState title="お店が選ばれていません" action={<ButtonLink href="/">お店を選ぶ</ButtonLink>}>
          トップページで、フォーカスターを確認したいお店を選んでください。
        </EmptyState>
      ) : (
        <>
          {list.state === 'loading' && <PageLoading label="フォーカスターを読み込んでいます…" />}
          {list.state === 'failed' && (
            <EmptyState title="フォーカスターを読み込めませんでした">{list.error}</EmptyState>
          )}
          {list.state === 'done' && list.items.length === 0 && (
            <EmptyState
              title="まだフォーカスターがいません"
              action={<ButtonLink href="/material">QRコード・POPの素材を見る</ButtonLink>}
            >
              店頭にQRコードを置くと、お客さまがお店のファン（フォーカスター）として登録してくれます。
            </EmptyState>
          )}
          <SupporterList aria-label="フォーカスター一覧">
            {list.items.map((s) => (
              <li key={s.screen_name}>
                {s.avatar_url ? (
                  <img src={s.avatar_url} alt="" />
                ) : (
                  <span className="avatar" aria-hidden="true" />
                )}
                <div>
                  <strong>
                    <Link href={`/${s.screen_name}`}>{s.name}</Link>
                  </strong>{' '}
                  <span>@{s.screen_name}</span>
                  <p>{formatDateTime(s.since)}から応援しています</p>
                  {s.sns_accounts.length > 0 && (
                    <p>
                      {s.sns_accounts.map((a, i) => (
                        <span key={`${a.platform}-${a.handle}`}>
                          {i > 0 && '・'}
                          {SNS_PLATFORM_LABELS[a.platform]}{' '}
                          <a href={a.profile_url} target="_blank" rel="noopener noreferrer">
                            @{a.handle}
                          </a>
                          {a.follower_count !== null
                            ? `（フォロワー${formatCount(a.follower_count)}人）`
                            : ''}
                        </span>
                      ))}
                    </p>
                  )}
                </div>
              </li>
            ))}
          </SupporterList>
          {list.next !== null && (
            <Button variant="outline" onClick={() => void more()} disabled={loadingMore}>
              さらに読み込む
            </Button>
          )}
        </>
      )}
    </PageFrame>
  );
}

/**
 * Seed spec section 2: favourites search. In supporter mode `type=follow` lists the shops the user follows
 * and no type searches published shops; in advertiser mode the page lists the selected shop's supporters.
 */
export default function FavoritesPage() {
  const search = useSearch();
  const { role } = useAuth();
  const type = new URLSearchParams(search).get('type');
  if (role === 'shop' && type !== 'follow') return <ShopSupporters />;
  return <SupporterFavorites follow={type === 'follow'} />;
}
