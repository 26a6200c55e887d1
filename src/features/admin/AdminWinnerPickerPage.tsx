import { ButtonLink } from '../../components/Button.tsx';
import { EmptyState, PageFrame } from '../../components/Page.tsx';
import type { ScreenProps } from '../../routes/table.ts';

/** Seed spec section 2: choose the winners of one recruitment (its id passed the id rule already). */
export default function AdminWinnerPickerPage({ params }: ScreenProps) {
  const id = Number(params.recruitmentId);
  return (
    <PageFrame
      title="当選者の選定"
      breadcrumbs={[
        { label: '管理メニュー', href: '/admin-menu' },
        { label: 'モニター募集の一覧', href: '/admin-recruitment-list' },
        { label: `募集 #${id}` },
      ]}
      lead="応募者を確認して、手動または抽選で当選者を選びます。抽選の乱数シードは記録され、あとから同じ結果を再現できます。"
    >
      <EmptyState
        title="応募者はまだいません"
        action={<ButtonLink href="/admin-recruitment-list">募集の一覧に戻る</ButtonLink>}
      >
        応募があると、ここに応募者の一覧が表示されます。
      </EmptyState>
    </PageFrame>
  );
}
