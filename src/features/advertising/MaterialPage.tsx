import { ButtonLink } from '../../components/Button.tsx';
import { EmptyState, PageFrame } from '../../components/Page.tsx';

/** Seed spec section 2: 販促素材. The list fills in when its API arrives; until then its empty state shows. */
export default function MaterialPage() {
  return (
    <PageFrame
      title="販促素材"
      breadcrumbs={[{ label: 'トップ', href: '/' }, { label: '販促素材' }]}
      lead="お店に置けるQRコードやPOPのデータをダウンロードできます。QRコードから登録したお客さまは、自動でお店のファンになります。"
    >
      <EmptyState
        title="ダウンロードできる素材はまだありません"
        action={<ButtonLink href="/request-pop">印刷済みPOPを申し込む</ButtonLink>}
      >
        ショップの審査が完了すると、お店専用のQRコードとPOPの素材が表示されます。
      </EmptyState>
    </PageFrame>
  );
}
