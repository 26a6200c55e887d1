import { ButtonLink } from '../../components/Button.tsx';
import { EmptyState, PageFrame } from '../../components/Page.tsx';

/** Seed spec section 2: 応募状況. The list fills in when its API arrives; until then its empty state shows. */
export default function EntriesPage() {
  return (
    <PageFrame
      title="応募状況"
      breadcrumbs={[{ label: 'トップ', href: '/' }, { label: '応募状況' }]}
      lead="モニター募集への応募と、当選後の進み具合（体験済・投稿済・完了）を確認できます。"
    >
      <EmptyState
        title="応募したモニター募集はまだありません"
        action={<ButtonLink href="/recruitments">お試しサポートを探す</ButtonLink>}
      >
        気になるお試しサポートに応募すると、ここで状況を確認できます。
      </EmptyState>
    </PageFrame>
  );
}
