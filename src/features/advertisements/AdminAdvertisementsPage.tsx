import { useState } from 'react';
import {
  AD_MESSAGES,
  type Advertisement,
  AD_STATUSES,
  type AdStatus,
  PLATFORM_LABELS,
} from '../../../contracts/advertisements.ts';
import { useResource, useSubmission } from '../../platform/request/hooks.ts';
import { Button } from '../../platform/ui/Button.tsx';
import { Field, FormAlert } from '../../platform/ui/Field.tsx';
import { formatDateTime, formatPeriod, formatYen } from '../../platform/ui/format.ts';
import { notify } from '../../platform/ui/notify.ts';
import { PageLoading } from '../../platform/ui/LoadingOverlay.tsx';
import { Card, EmptyState, Notice, PageFrame } from '../../platform/ui/Page.tsx';
import { listAdvertisements } from './api/list-advertisements.ts';
import { approveAdvertisement, sendBackAdvertisement } from './api/review-advertisement.ts';
import { Facts, PhotoList, Post, Row } from './parts.tsx';
import { styled } from '../../platform/styles/stitches.config.ts';

const SendBack = styled('section', {
  marginTop: '$4',
  paddingTop: '$3',
  borderTop: '1px solid $border',
  display: 'grid',
  gap: '$2',
  justifyItems: 'start',
  '& > *': { width: '100%' },
  '& > button': { width: 'auto' },
});
import { HistoryLink } from '../../platform/ui/HistoryLink.tsx';
import type { ScreenHead } from '../../platform/routing.ts';

/** ADR 0211, 0213: this screen's head, the same for everyone: the session frame shows it at the first paint. */
export const head: ScreenHead = {
  title: '拡散依頼の審査',
  breadcrumbs: [{ label: '管理メニュー', href: '/admin-menu' }, { label: '拡散依頼の審査' }],
  lead: '表示（#PR）、表現、リンク先を確認して、承認するか理由を添えて差し戻します。承認するとフォーカスターに依頼が届きます。',
};

/** Product design section 7, issue 13: staff review support requests (審査中 -> 配信中 or 差し戻し). */
export default function AdminAdvertisementsPage() {
  const [status, setStatus] = useState<AdStatus>('審査中');
  const [version, setVersion] = useState(0);
  const ads = useResource((signal) => listAdvertisements({ status }, signal), `${status}:${version}`);
  return (
    <PageFrame {...head}>
      <div
        role="group"
        aria-label="状態で絞り込む"
        style={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap', marginBottom: '1rem' }}
      >
        {AD_STATUSES.map((s) => (
          <Button
            key={s}
            size="sm"
            variant={s === status ? 'primary' : 'ghost'}
            aria-pressed={s === status}
            onClick={() => setStatus(s)}
          >
            {s}
          </Button>
        ))}
      </div>
      {ads.state === 'loading' ? (
        <PageLoading />
      ) : ads.state === 'failed' ? (
        <Notice tone="danger">{ads.error.message}</Notice>
      ) : ads.data.items.length === 0 ? (
        <EmptyState title={`${status}の拡散依頼はありません`} />
      ) : (
        <ul style={{ listStyle: 'none', padding: 0 }} aria-label="拡散依頼">
          {ads.data.items.map((ad) => (
            <li key={ad.id}>
              <Review ad={ad} onDone={() => setVersion((v) => v + 1)} />
            </li>
          ))}
        </ul>
      )}
    </PageFrame>
  );
}

function Review({ ad, onDone }: { ad: Advertisement; onDone: () => void }) {
  const { busy, message, errors, run } = useSubmission();
  const [reason, setReason] = useState('');
  // Approving sends the offers and sending back mails the owner: asked first, told after (issue 25).
  const act = async (question: string, action: () => Promise<unknown>, done: string) => {
    if (!window.confirm(question)) return;
    if ((await run(action)).ok) {
      notify.success(done);
      onDone();
    }
  };
  return (
    <Card aria-label={`${ad.shop.name}の拡散依頼`}>
      <h2 style={{ fontSize: '1rem' }}>
        {ad.shop.name}（{ad.status}）
      </h2>
      <HistoryLink table="advertisements" id={ad.id} />
      <Post>
        {ad.text}
        {ad.hashtags.length ? `\n${ad.hashtags.map((h) => `#${h}`).join(' ')}` : ''}
      </Post>
      <PhotoList urls={ad.image_urls} label="依頼の写真" />
      {/* Issue 25: the facts one per line (were run together with ／), so staff read each before judging. */}
      <Facts>
        <dt>投稿するSNS</dt>
        <dd>{ad.platforms.map((p) => PLATFORM_LABELS[p]).join('・')}</dd>
        <dt>件数と報酬</dt>
        <dd>
          {ad.units}件 × {formatYen(ad.reward ?? 0)}
        </dd>
        <dt>掲載期間</dt>
        <dd>{formatPeriod(ad.starts_on, ad.ends_on)}</dd>
        <dt>リンク先</dt>
        <dd>{ad.effective_landing_url}</dd>
        <dt>申請</dt>
        <dd>{formatDateTime(ad.submitted_at)}</dd>
      </Facts>
      {message && <FormAlert role="alert">{message}</FormAlert>}
      {ad.status === '審査中' && (
        <>
          <Row>
            <Button
              disabled={busy}
              onClick={() =>
                act(
                  `${ad.shop.name}の拡散依頼を承認して、フォーカスターに依頼を配信しますか？`,
                  () => approveAdvertisement(ad.id),
                  AD_MESSAGES.approved,
                )
              }
            >
              承認して配信する
            </Button>
          </Row>
          {/* Sending back is its own group, apart from approving, with the reason the owner will read. */}
          <SendBack aria-label="差し戻す場合">
            <Field
              label="差し戻しの理由"
              hint="お店にメールで伝わります。直してほしい点を具体的に書いてください。"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              errors={errors.reason}
            />
            <Button
              variant="danger"
              disabled={busy}
              onClick={() =>
                act(
                  '理由を添えて、この拡散依頼を差し戻しますか？',
                  () => sendBackAdvertisement(ad.id, reason),
                  AD_MESSAGES.rejected,
                )
              }
            >
              差し戻す
            </Button>
          </SendBack>
        </>
      )}
    </Card>
  );
}
