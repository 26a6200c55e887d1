import { ButtonLink } from '../../components/Button.tsx';
import { EmptyState, PageFrame } from '../../components/Page.tsx';

/** Seed spec section 2: 拡散依頼の確認. The list fills in when its API arrives; until then its empty state shows. */
export default function AdvertisementsPage() {
  return (
    <PageFrame
      title="拡散依頼の確認"
      breadcrumbs={[{ label: 'トップ', href: '/' }, { label: '拡散依頼の確認' }]}
      lead="お店から届いた拡散依頼です。内容を確認して、引き受けるかどうかを選んでください。"
    >
      <EmptyState
        title="拡散依頼はまだ届いていません"
        action={<ButtonLink href="/favorites?type=follow">お気に入りのお店を探す</ButtonLink>}
      >
        お気に入りのお店を登録し、SNSアカウントの審査が完了すると、拡散依頼が届くようになります。
      </EmptyState>
    </PageFrame>
  );
}
