import { HandlingList } from '../../platform/ui/HandlingList.tsx';
import { PageFrame } from '../../platform/ui/Page.tsx';
import { listShopRequests } from './api/list-shop-requests.ts';
import { updateShopRequest } from './api/update-shop-request.ts';
import { ADMIN_SHOP_REQUESTS_HEAD } from './routes.ts';

/** Issue 9 / product design section 7: staff read the shops supporters recommend and follow them up. */
export default function AdminShopRequestsPage() {
  return (
    <PageFrame {...ADMIN_SHOP_REQUESTS_HEAD}>
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
