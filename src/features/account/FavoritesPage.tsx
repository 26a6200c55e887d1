import { useSearch } from 'wouter';
import { useAuth } from '../../app/hooks.ts';
import { ButtonLink } from '../../components/Button.tsx';
import { EmptyState, PageFrame } from '../../components/Page.tsx';

/**
 * Seed spec section 2: favourites search. `type=follow` (supporter mode) lists the shops the user follows;
 * in advertiser mode the page lists the supporters of the selected shop.
 */
export default function FavoritesPage() {
  const search = useSearch();
  const { role, shop, user } = useAuth();
  const follow = new URLSearchParams(search).get('type') === 'follow' || role !== 'shop';
  if (follow) {
    const count = user?.favorites_count ?? 0;
    return (
      <PageFrame
        title="お気に入りのお店"
        breadcrumbs={[{ label: 'トップ', href: '/' }, { label: 'お気に入りのお店' }]}
        lead="お気に入りに登録したお店からの拡散依頼は、優先してあなたに届きます。"
      >
        {count === 0 ? (
          <EmptyState
            title="お気に入りのお店はまだありません"
            action={<ButtonLink href="/request-shop">応援したいお店をリクエストする</ButtonLink>}
          >
            お店のページやお店のQRコードから、お気に入りに登録できます。
          </EmptyState>
        ) : (
          <p>{count}件のお店をお気に入りに登録しています。</p>
        )}
      </PageFrame>
    );
  }
  const fans = shop?.favoriters_count ?? 0;
  return (
    <PageFrame
      title="あなたのフォーカスター"
      breadcrumbs={[{ label: 'トップ', href: '/' }, { label: 'あなたのフォーカスター' }]}
      lead={shop ? `${shop.name}をお気に入りに登録しているフォーカスターです。` : undefined}
    >
      {fans === 0 ? (
        <EmptyState
          title="まだフォーカスターがいません"
          action={<ButtonLink href="/material">QRコード・POPの素材を見る</ButtonLink>}
        >
          店頭にQRコードを置くと、お客さまがお店のファン（フォーカスター）として登録してくれます。
        </EmptyState>
      ) : (
        <p>{fans}人のフォーカスターがお店を応援しています。</p>
      )}
    </PageFrame>
  );
}
