import { ButtonLink } from '../../platform/ui/Button.tsx';
import { EmptyState, PageFrame } from '../../platform/ui/Page.tsx';

/** Seed spec section 2: サポートのご案内. The list fills in when its API arrives; until then its empty state shows. */
export default function SupportPage() {
  return (
    <PageFrame
      title="サポートのご案内"
      breadcrumbs={[{ label: 'トップ', href: '/' }, { label: 'サポートのご案内' }]}
      lead="Focustarを使っていて困ったときの窓口です。"
    >
      <EmptyState
        title="よくある質問もご覧ください"
        action={<ButtonLink href="/contact">お問い合わせフォームへ</ButtonLink>}
      >
        多くのご質問はよくある質問で解決できます。解決しない場合はお問い合わせフォームからご連絡ください。
      </EmptyState>
    </PageFrame>
  );
}
