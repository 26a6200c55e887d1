import { EmptyState, PageFrame } from '../../platform/ui/Page.tsx';

/** Seed spec section 2: 短縮URLの作成. The list fills in when its API arrives; until then its empty state shows. */
export default function AdminUrlShrinkerPage() {
  return (
    <PageFrame
      title="短縮URLの作成"
      breadcrumbs={[{ label: '管理メニュー', href: '/admin-menu' }, { label: '短縮URLの作成' }]}
      lead="計測用の短縮URL（/s/…）を作成し、日ごとのクリック数を確認します。ボットやリンクプレビューのアクセスは数えません。"
    >
      <EmptyState title="短縮URLはまだありません">
        URLを登録すると、短縮URLとクリック数がここに表示されます。
      </EmptyState>
    </PageFrame>
  );
}
