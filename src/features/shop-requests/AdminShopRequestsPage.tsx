import { HandlingList } from '../../platform/ui/HandlingList.tsx';
import { PageFrame } from '../../platform/ui/Page.tsx';
import { listShopRequests } from './api/list-shop-requests.ts';
import { updateShopRequest } from './api/update-shop-request.ts';
import type { ScreenHead } from '../../platform/routing.ts';

/** ADR 0211, 0213: this screen's head, the same for everyone: the session frame shows it at the first paint. */
export const head: ScreenHead = {
  title: 'お店リクエストの対応',
  breadcrumbs: [{ label: '管理メニュー', href: '/admin-menu' }, { label: 'お店リクエストの対応' }],
  lead: 'フォーカスターから推薦されたお店です。ご案内の状況とメモを残します。',
};

/** Issue 9 / product design section 7: staff read the shops supporters recommend and follow them up. */
export default function AdminShopRequestsPage() {
  return (
    <PageFrame {...head}>
      <HandlingList
        noun="お店リクエスト"
        load={listShopRequests}
        save={updateShopRequest}
        render={(item) => (
          <dl style={{ margin: 0 }}>
            <dt>お店の名前</dt>
            <dd>{item.name}</dd>
            {item.area && (
              <>
                <dt>場所</dt>
                <dd>{item.area}</dd>
              </>
            )}
            {item.url && (
              <>
                <dt>URL</dt>
                <dd>
                  <a href={item.url} target="_blank" rel="noopener noreferrer nofollow">
                    {item.url}
                  </a>
                </dd>
              </>
            )}
            {item.comment && (
              <>
                <dt>おすすめポイント</dt>
                <dd style={{ whiteSpace: 'pre-wrap' }}>{item.comment}</dd>
              </>
            )}
          </dl>
        )}
      />
    </PageFrame>
  );
}
