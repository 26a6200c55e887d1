import { EmptyState, PageFrame } from '../../platform/ui/Page.tsx';

/** Seed spec section 2: 報酬・お支払い履歴. The list fills in when its API arrives; until then its empty state shows. */
export default function HistoryPage() {
  return (
    <PageFrame
      title="報酬・お支払い履歴"
      breadcrumbs={[{ label: 'トップ', href: '/' }, { label: '報酬・お支払い履歴' }]}
      lead="フォーカスターモードでは受け取った報酬とお振込み、広告主モードでは拡散依頼のお支払いの履歴を確認できます。"
    >
      <EmptyState title="履歴はまだありません">
        報酬の確定やお支払いがあると、ここに日付順で表示されます。
      </EmptyState>
    </PageFrame>
  );
}
