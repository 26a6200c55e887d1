import { EmptyState, PageFrame } from '../../components/Page.tsx';

/** Seed spec section 2: トップ画像の設定. The list fills in when its API arrives; until then its empty state shows. */
export default function AdminIndexPictureListPage() {
  return (
    <PageFrame
      title="トップ画像の設定"
      breadcrumbs={[{ label: '管理メニュー', href: '/admin-menu' }, { label: 'トップ画像の設定' }]}
      lead="トップページに表示する画像を登録し、表示順と公開・非公開を切り替えます。JPEG・PNG・WebP、5MBまで。"
    >
      <EmptyState title="登録されている画像はまだありません">
        画像を登録すると、トップページにランダムで表示されます。
      </EmptyState>
    </PageFrame>
  );
}
