import { useAuth } from '../../platform/session/hooks.ts';
import { PageLoading } from '../../platform/ui/LoadingOverlay.tsx';
import { EmptyState, PageFrame } from '../../platform/ui/Page.tsx';
import { MessageView } from '../../platform/ui/StatusViews.tsx';
import { useResource } from '../../platform/request/hooks.ts';
import { getRecruitments } from './api/get-recruitments.ts';
import { RecruitmentCards } from './common.tsx';

/**
 * Seed spec section 2 / issue 15: recruitments in progress (募集中, 選考中, 当選発表済). In shop mode
 * the selected shop's; otherwise every shop's.
 */
export default function WinnerPickerPage() {
  const { role, shop } = useAuth();
  const shopId = role === 'shop' && shop ? shop.id : undefined;
  const res = useResource(
    (signal) => getRecruitments({ stage: 'in-progress', ...(shopId ? { shop_id: shopId } : {}) }, signal),
    `in-progress:${shopId ?? 'all'}`,
  );
  return (
    <PageFrame
      title="進行中のモニター募集"
      breadcrumbs={[{ label: 'トップ', href: '/' }, { label: '進行中のモニター募集' }]}
      lead={
        shopId
          ? `${shop!.name}の、応募受付中・選考中・当選発表済みのモニター募集です。応募者と当選者を確認できます。`
          : '応募受付中・選考中のモニター募集と、当選発表を確認できます。'
      }
    >
      {res.state === 'loading' ? (
        <PageLoading label="募集を読み込んでいます…" />
      ) : res.state === 'failed' ? (
        <MessageView title="モニター募集を読み込めませんでした">{res.error.message}</MessageView>
      ) : res.data.items.length === 0 ? (
        <EmptyState title="進行中のモニター募集はありません">
          モニター募集の作成は運営が承ります。お問い合わせからご相談ください。
        </EmptyState>
      ) : (
        <RecruitmentCards items={res.data.items} base="/winner-picker" />
      )}
    </PageFrame>
  );
}
