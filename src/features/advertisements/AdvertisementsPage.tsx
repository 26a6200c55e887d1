import { useState } from 'react';
import {
  type Advertisement,
  composePost,
  PLATFORM_LABELS,
  PLATFORM_SITES,
  REJECT_REASONS,
  type RejectReason,
  shareIntent,
  type Unit,
  UNIT_STATUS_LABELS,
} from '../../../contracts/advertisements.ts';
import { useResource, useSubmission } from '../../platform/request/hooks.ts';
import { useAuth } from '../../platform/session/hooks.ts';
import { Button, ButtonLink, buttonClass } from '../../platform/ui/Button.tsx';
import { Field, FieldErrors, FormAlert } from '../../platform/ui/Field.tsx';
import { formatCount, formatDateTime, formatYen } from '../../platform/ui/format.ts';
import { PageLoading } from '../../platform/ui/LoadingOverlay.tsx';
import { Card, EmptyState, Notice, PageFrame } from '../../platform/ui/Page.tsx';
import { styled } from '../../platform/styles/stitches.config.ts';
import { getRewards } from './api/get-rewards.ts';
import { listAdvertisements } from './api/list-advertisements.ts';
import { listUnits } from './api/list-units.ts';
import { acceptUnit, approveUnit, declineUnit, rejectUnit, submitProof } from './api/unit-actions.ts';
import { AUTO_APPROVE_DAYS } from '../../../contracts/advertisements.ts';

const List = styled('ul', { listStyle: 'none', padding: 0, margin: 0 });
const Counts = styled('dl', {
  display: 'grid',
  gridTemplateColumns: 'repeat(5, 1fr)',
  gap: '$2',
  margin: '$3 0',
  textAlign: 'center',
  '& dt': { fontSize: '$tiny', color: '$muted' },
  '& dd': { margin: 0, fontWeight: 800, fontSize: '18px' },
});
const Row = styled('div', { display: 'flex', gap: '$2', flexWrap: 'wrap', alignItems: 'center' });
const Post = styled('p', {
  whiteSpace: 'pre-wrap',
  backgroundColor: '$gray50',
  padding: '$3',
  borderRadius: '$md',
});
const Select = styled('select', { minHeight: '44px', fontSize: '16px', padding: '0 $2' });

/** Seed spec section 2 (/advertisements), issue 13: the shop's requests, or the supporter's offers. */
export default function AdvertisementsPage() {
  const { role, shop } = useAuth();
  if (role === 'shop' && shop) return <ShopRequests shopId={shop.id} />;
  return <SupporterUnits />;
}

/* ------------------------------------------------------------------------------------ shop mode */

function ShopRequests({ shopId }: { shopId: number }) {
  const [version, setVersion] = useState(0);
  const ads = useResource(
    (signal) => listAdvertisements({ shop_id: shopId }, signal),
    `ads:${shopId}:${version}`,
  );
  const waiting = useResource(
    (signal) => listUnits({ shop_id: shopId, status: 'posted' }, signal),
    `waiting:${shopId}:${version}`,
  );
  return (
    <PageFrame
      title="拡散依頼の確認"
      breadcrumbs={[{ label: 'トップ', href: '/' }, { label: '拡散依頼の確認' }]}
      lead={`お店の拡散依頼の状況と、確認待ちの投稿です。${AUTO_APPROVE_DAYS}日以内に確認しなかった投稿は自動で承認されます。`}
    >
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
              <Judge unit={u} onDone={() => setVersion((v) => v + 1)} />
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

function RequestCard({ ad }: { ad: Advertisement }) {
  const editable = ad.status === '下書き' || ad.status === '差し戻し';
  return (
    <Card aria-label={`拡散依頼 ${ad.id}`}>
      <Row>
        <strong>{ad.status}</strong>
        <span>
          {ad.starts_on ?? '—'} 〜 {ad.ends_on ?? '—'}
        </span>
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
        <div>
          <dt>依頼</dt>
          <dd>{formatCount(ad.counts.offered)}</dd>
        </div>
        <div>
          <dt>引き受け</dt>
          <dd>{formatCount(ad.counts.accepted)}</dd>
        </div>
        <div>
          <dt>投稿</dt>
          <dd>{formatCount(ad.counts.posted)}</dd>
        </div>
        <div>
          <dt>承認</dt>
          <dd>{formatCount(ad.counts.approved)}</dd>
        </div>
        <div>
          <dt>クリック</dt>
          <dd>{formatCount(ad.counts.clicks)}</dd>
        </div>
      </Counts>
      {editable && (
        <ButtonLink href={`/ad?step=1&id=${ad.id}`} variant="outline" size="sm">
          {ad.status === '差し戻し' ? '直して審査に出す' : '下書きの続きを書く'}
        </ButtonLink>
      )}
    </Card>
  );
}

function Judge({ unit, onDone }: { unit: Unit; onDone: () => void }) {
  const { busy, message, errors, run } = useSubmission();
  const [reason, setReason] = useState<RejectReason>(REJECT_REASONS[0]);
  const [note, setNote] = useState('');
  const [rejecting, setRejecting] = useState(false);
  const approve = async () => {
    if ((await run(() => approveUnit(unit.id))).ok) onDone();
  };
  const reject = async () => {
    if ((await run(() => rejectUnit(unit.id, { reason, note }))).ok) onDone();
  };
  return (
    <Card aria-label={`${unit.supporter.name}さんの投稿`}>
      <p>
        <strong>{unit.supporter.name}</strong>さん（{unit.platform ? PLATFORM_LABELS[unit.platform] : ''}
        ）・報酬 {formatYen(unit.reward)}・自動承認 {formatDateTime(unit.auto_approve_at)}
      </p>
      {unit.post_url && (
        <p>
          <a href={unit.post_url} target="_blank" rel="noopener noreferrer">
            投稿を開く
          </a>
        </p>
      )}
      {message && <FormAlert role="alert">{message}</FormAlert>}
      <Row>
        <Button disabled={busy} onClick={approve}>
          承認する
        </Button>
        <Button variant="ghost" disabled={busy} onClick={() => setRejecting((r) => !r)}>
          承認しない
        </Button>
      </Row>
      {rejecting && (
        <div style={{ marginTop: '1rem' }}>
          <label htmlFor={`reason-${unit.id}`}>承認しない理由</label>
          <Select
            id={`reason-${unit.id}`}
            value={reason}
            onChange={(e) => setReason(e.target.value as RejectReason)}
          >
            {REJECT_REASONS.map((r) => (
              <option key={r}>{r}</option>
            ))}
          </Select>
          <FieldErrors id={`reason-${unit.id}-error`} errors={errors.reason} />
          <Field
            label="コメント（「その他」のときは必須）"
            value={note}
            onChange={(e) => setNote(e.target.value)}
            errors={errors.note}
          />
          <Button variant="danger" disabled={busy} onClick={reject}>
            理由を伝えて非承認にする
          </Button>
        </div>
      )}
    </Card>
  );
}

/* ------------------------------------------------------------------------------- supporter mode */

function SupporterUnits() {
  const [version, setVersion] = useState(0);
  const units = useResource((signal) => listUnits({}, signal), `units:${version}`);
  const rewards = useResource((signal) => getRewards(signal), `rewards:${version}`);
  const refresh = () => setVersion((v) => v + 1);
  return (
    <PageFrame
      title="拡散依頼の確認"
      breadcrumbs={[{ label: 'トップ', href: '/' }, { label: '拡散依頼の確認' }]}
      lead="お店から届いた拡散依頼です。内容を確認して、引き受けるかどうかを選んでください。"
    >
      {rewards.state === 'done' && (
        <Card aria-label="お小遣い">
          <Row>
            <span>
              お小遣い残高 <strong>{formatYen(rewards.data.balance)}</strong>
            </span>
            <span>確認待ち {formatYen(rewards.data.pending)}</span>
          </Row>
        </Card>
      )}
      {units.state === 'loading' ? (
        <PageLoading />
      ) : units.state === 'failed' ? (
        <Notice tone="danger">{units.error.message}</Notice>
      ) : units.data.items.length === 0 ? (
        <EmptyState
          title="拡散依頼はまだ届いていません"
          action={<ButtonLink href="/favorites?type=follow">お気に入りのお店を探す</ButtonLink>}
        >
          お気に入りのお店を登録し、SNSアカウントの審査が完了すると、拡散依頼が届くようになります。
        </EmptyState>
      ) : (
        <List aria-label="届いた拡散依頼">
          {units.data.items.map((u) => (
            <li key={u.id}>
              <UnitCard unit={u} onChange={refresh} />
            </li>
          ))}
        </List>
      )}
    </PageFrame>
  );
}

function UnitCard({ unit, onChange }: { unit: Unit; onChange: () => void }) {
  const { busy, message, errors, run } = useSubmission();
  const [postUrl, setPostUrl] = useState('');
  const [copied, setCopied] = useState(false);
  const act = async (action: () => Promise<unknown>) => {
    if ((await run(action)).ok) onChange();
  };
  const body = {
    text: unit.advertisement.text,
    hashtags: unit.advertisement.hashtags,
    url: unit.short_url ?? '',
  };
  const platform = unit.platform ?? unit.advertisement.platforms[0] ?? 'x';
  const intent = unit.short_url ? shareIntent(platform, body) : null;
  const copyAndOpen = async () => {
    await navigator.clipboard
      ?.writeText(composePost(body.text, body.hashtags, body.url))
      .catch(() => undefined);
    setCopied(true);
    window.open(PLATFORM_SITES[platform], '_blank', 'noopener');
  };
  return (
    <Card aria-label={`${unit.shop.name}からの依頼`}>
      <Row>
        <strong>{unit.shop.name}</strong>
        <span>{UNIT_STATUS_LABELS[unit.status]}</span>
        <span>報酬 {formatYen(unit.reward)}</span>
        {unit.status === 'offered' && <span>回答期限 {formatDateTime(unit.expires_at)}</span>}
      </Row>
      <Post>{composePost(unit.advertisement.text, unit.advertisement.hashtags, unit.short_url ?? '')}</Post>
      {message && <FormAlert role="alert">{message}</FormAlert>}
      {unit.status === 'offered' && (
        <Row>
          <Button disabled={busy} onClick={() => act(() => acceptUnit(unit.id))}>
            引き受ける
          </Button>
          <Button variant="ghost" disabled={busy} onClick={() => act(() => declineUnit(unit.id))}>
            辞退する
          </Button>
        </Row>
      )}
      {(unit.status === 'accepted' || (unit.status === 'rejected' && unit.can_resubmit)) && (
        <>
          {unit.status === 'rejected' && (
            <Notice tone="danger">
              承認されませんでした：{unit.reject_reason}
              {unit.reject_note ? `（${unit.reject_note}）` : ''}。直して1回だけ再提出できます。
            </Notice>
          )}
          <Row>
            {intent ? (
              <a
                className={buttonClass({ variant: 'secondary' })}
                href={intent}
                target="_blank"
                rel="noopener noreferrer"
              >
                {PLATFORM_LABELS[platform]}でシェアする
              </a>
            ) : (
              <Button variant="secondary" onClick={copyAndOpen}>
                文章とリンクをコピーして{PLATFORM_LABELS[platform]}を開く
              </Button>
            )}
          </Row>
          {!intent && (
            <p role="status">
              {PLATFORM_LABELS[platform]}
              にはWebからの投稿画面がないため、文章とリンクをコピーしてアプリで貼り付けてください。
              {copied && ' コピーしました。'}
            </p>
          )}
          <Field
            label="投稿のURL"
            inputMode="url"
            value={postUrl}
            onChange={(e) => setPostUrl(e.target.value)}
            errors={errors.post_url}
            hint="投稿したら、その投稿のURLを貼り付けて報告してください。"
          />
          <Button disabled={busy} onClick={() => act(() => submitProof(unit.id, postUrl))}>
            投稿を報告する
          </Button>
        </>
      )}
      {unit.status === 'posted' && (
        <p>お店が投稿を確認しています（{formatDateTime(unit.auto_approve_at)}までに自動で承認されます）。</p>
      )}
      {unit.status === 'approved' && (
        <p>承認されました。報酬 {formatYen(unit.reward)} をお小遣いに加えました。</p>
      )}
    </Card>
  );
}
