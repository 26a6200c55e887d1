import { ButtonLink } from '../../platform/ui/Button.tsx';
import { EmptyState, PageFrame } from '../../platform/ui/Page.tsx';

/** Seed spec section 2: 店頭POPの申し込み. The list fills in when its API arrives; until then its empty state shows. */
export default function RequestPopPage() {
  return (
    <PageFrame
      title="店頭POPの申し込み"
      breadcrumbs={[{ label: 'トップ', href: '/' }, { label: '店頭POPの申し込み' }]}
      lead="QRコード入りのPOPスタンドを印刷してお届けします。レジ横やテーブルに置いて、ファンを増やしましょう。"
    >
      <EmptyState
        title="お申し込み履歴はありません"
        action={<ButtonLink href="/material">自分で印刷する素材を見る</ButtonLink>}
      >
        お申し込みいただいたPOPの発送状況がここに表示されます。
      </EmptyState>
    </PageFrame>
  );
}
