import { ButtonLink } from '../../components/Button.tsx';
import { EmptyState, PageFrame } from '../../components/Page.tsx';

/** Seed spec section 2: モニター募集の一覧. The list fills in when its API arrives; until then its empty state shows. */
export default function AdminRecruitmentListPage() {
  return (
    <PageFrame
      title="モニター募集の一覧"
      breadcrumbs={[{ label: '管理メニュー', href: '/admin-menu' }, { label: 'モニター募集の一覧' }]}
      lead="作成したモニター募集の状況（下書き・募集中・選考中・当選発表済・終了）を確認します。"
    >
      <EmptyState
        title="モニター募集はまだありません"
        action={<ButtonLink href="/admin-recruitment">モニター募集を作成する</ButtonLink>}
      >
        新しいモニター募集を作成すると、ここに表示されます。
      </EmptyState>
    </PageFrame>
  );
}
