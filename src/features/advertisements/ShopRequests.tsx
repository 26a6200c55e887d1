import { useState } from 'react';
import type { Advertisement } from '../../../contracts/advertisements.ts';
import { useResource } from '../../platform/request/hooks.ts';
import { ButtonLink } from '../../platform/ui/Button.tsx';
import { formatCount, formatPeriod, formatYen } from '../../platform/ui/format.ts';
import { PageLoading } from '../../platform/ui/LoadingOverlay.tsx';
import { Card, EmptyState, Notice, PageFrame } from '../../platform/ui/Page.tsx';
import { styled } from '../../platform/styles/stitches.config.ts';
import { listAdvertisements } from './api/list-advertisements.ts';
import { listUnits } from './api/list-units.ts';
import { ADVERTISEMENTS_HEADS } from './heads.ts';
import { JudgeCard } from './JudgeCard.tsx';
import { List, Post, Row } from './parts.tsx';

const Counts = styled('dl', {
  display: 'grid',
  gridTemplateColumns: 'repeat(5, 1fr)',
  gap: '$2',
  margin: '$3 0',
  textAlign: 'center',
  '& dt': { fontSize: '$tiny', color: '$muted' },
  '& dd': { margin: 0, fontWeight: 800, fontSize: '18px' },
});

/** The shop's side of /advertisements: posts to judge, then the shop's requests with their counts. */
export function ShopRequests({ shopId }: { shopId: number }) {
  // A judged post keeps its card (with the result) until the page is opened again; the counts move at once.
  const [version, setVersion] = useState(0);
  const ads = useResource(
    (signal) => listAdvertisements({ shop_id: shopId }, signal),
    `ads:${shopId}:${version}`,
  );
  const waiting = useResource(
    (signal) => listUnits({ shop_id: shopId, status: 'posted' }, signal),
    `waiting:${shopId}`,
  );
  return (
    <PageFrame {...ADVERTISEMENTS_HEADS.shop}>
      <p>
        <ButtonLink href="/ad?step=1">新しい拡散依頼をつくる</ButtonLink>
      </p>
      <h2>確認待ちの投稿</h2>
      {waiting.state === 'loading' ? (
        <PageLoading />
      ) : waiting.state === 'failed' ? (
        <Notice tone="danger">{waiting.error.message}</Notice>
      ) : waiting.data.items.length === 0 ? (
        <EmptyState title="確認待ちの投稿はありません" />
      ) : (
        <List aria-label="確認待ちの投稿">
          {waiting.data.items.map((u) => (
            <li key={u.id}>
              <JudgeCard unit={u} onDone={() => setVersion((v) => v + 1)} />
            </li>
          ))}
        </List>
      )}
      <h2>拡散依頼</h2>
      {ads.state === 'loading' ? (
        <PageLoading />
      ) : ads.state === 'failed' ? (
        <Notice tone="danger">{ads.error.message}</Notice>
      ) : ads.data.items.length === 0 ? (
        <EmptyState
          title="拡散依頼はまだありません"
          action={<ButtonLink href="/ad?step=1">依頼をつくる</ButtonLink>}
        />
      ) : (
        <List aria-label="拡散依頼">
          {ads.data.items.map((ad) => (
            <li key={ad.id}>
              <RequestCard ad={ad} />
            </li>
          ))}
        </List>
      )}
    </PageFrame>
  );
}

const COUNTS = [
  ['依頼', 'offered'],
  ['引き受け', 'accepted'],
  ['投稿', 'posted'],
  ['承認', 'approved'],
  ['クリック', 'clicks'],
] as const;

function RequestCard({ ad }: { ad: Advertisement }) {
  const editable = ad.status === '下書き' || ad.status === '差し戻し';
  return (
    <Card aria-label={`拡散依頼 ${ad.id}`}>
      <Row>
        <strong>{ad.status}</strong>
        <span>{formatPeriod(ad.starts_on, ad.ends_on)}</span>
        {ad.price && <span>最大 {formatYen(ad.price.total)}（税込）</span>}
      </Row>
      <Post>{ad.text}</Post>
      {ad.status === '差し戻し' && ad.reject_reason && (
        <Notice tone="danger">
          <strong>差し戻しの理由：</strong>
          {ad.reject_reason}
        </Notice>
      )}
      <Counts>
        {COUNTS.map(([label, key]) => (
          <div key={key}>
            <dt>{label}</dt>
            <dd>{formatCount(ad.counts[key])}</dd>
          </div>
        ))}
      </Counts>
      {editable && (
        <ButtonLink href={`/ad?step=1&id=${ad.id}`} variant="outline" size="sm">
          {ad.status === '差し戻し' ? '直して審査に出す' : '下書きの続きを書く'}
        </ButtonLink>
      )}
    </Card>
  );
}
