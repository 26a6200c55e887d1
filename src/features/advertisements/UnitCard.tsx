import { useState } from 'react';
import {
  composePost,
  PLATFORM_LABELS,
  PLATFORM_SITES,
  shareIntent,
  type Unit,
  UNIT_STATUS_LABELS,
} from '../../../contracts/advertisements.ts';
import { useSubmission } from '../../platform/request/hooks.ts';
import { Button, buttonClass } from '../../platform/ui/Button.tsx';
import { Field, FormAlert } from '../../platform/ui/Field.tsx';
import { formatDate, formatDateTime, formatPeriod, formatYen } from '../../platform/ui/format.ts';
import { notify } from '../../platform/ui/notify.ts';
import { Card, Notice } from '../../platform/ui/Page.tsx';
import { acceptUnit, declineUnit, submitProof } from './api/unit-actions.ts';
import { Facts, PhotoList, Post, Row } from './parts.tsx';

/**
 * One offer or post of the supporter (issue 13, issue 23 "Offers"): the platform and account it is for, the
 * request's photos, the text with a copy button, the platform's share button, the tracking link and the
 * deadline; then the post's state and what became of the reward.
 */
export function UnitCard({ unit, onChange }: { unit: Unit; onChange: () => void }) {
  const { busy, message, errors, run } = useSubmission();
  const [postUrl, setPostUrl] = useState('');
  const act = async (action: () => Promise<unknown>, done: string) => {
    if ((await run(action)).ok) {
      notify.success(done);
      onChange();
    }
  };
  const platform = unit.sns_account?.platform ?? unit.platform ?? unit.advertisement.platforms[0] ?? 'x';
  const post = composePost(unit.advertisement.text, unit.advertisement.hashtags, unit.short_url ?? '');
  const intent = unit.short_url
    ? shareIntent(platform, {
        text: unit.advertisement.text,
        hashtags: unit.advertisement.hashtags,
        url: unit.short_url,
      })
    : null;
  const copy = async () => {
    await navigator.clipboard?.writeText(post).catch(() => undefined);
    notify.success('文章とリンクをコピーしました。');
  };
  const open = unit.status === 'accepted' || (unit.status === 'rejected' && unit.can_resubmit);
  return (
    <Card aria-label={`${unit.shop.name}からの依頼`}>
      <Row>
        <strong>{unit.shop.name}</strong>
        <span>{UNIT_STATUS_LABELS[unit.status]}</span>
        <span>報酬 {formatYen(unit.reward)}</span>
      </Row>
      <Facts>
        <dt>投稿するSNS</dt>
        <dd>
          {PLATFORM_LABELS[platform]}
          {unit.sns_account ? `（@${unit.sns_account.handle}）` : ''}
        </dd>
        {unit.status === 'offered' ? (
          <>
            <dt>回答期限</dt>
            <dd>{formatDateTime(unit.expires_at)}</dd>
          </>
        ) : null}
        <dt>掲載期間</dt>
        <dd>{formatPeriod(unit.advertisement.starts_on, unit.advertisement.ends_on)}</dd>
        {unit.short_url && (
          <>
            <dt>追跡リンク</dt>
            <dd>{unit.short_url}</dd>
          </>
        )}
      </Facts>
      <PhotoList urls={unit.advertisement.image_urls} label="お店の写真" />
      <Post>{post}</Post>
      {message && <FormAlert role="alert">{message}</FormAlert>}
      {unit.status === 'offered' && (
        <Row>
          <Button disabled={busy} onClick={() => act(() => acceptUnit(unit.id), '依頼を引き受けました。')}>
            引き受ける
          </Button>
          <Button
            variant="ghost"
            disabled={busy}
            onClick={() => act(() => declineUnit(unit.id), '依頼を辞退しました。')}
          >
            辞退する
          </Button>
        </Row>
      )}
      {open && (
        <>
          {unit.status === 'rejected' && (
            <Notice tone="danger">
              承認されませんでした：{unit.reject_reason}
              {unit.reject_note ? `（${unit.reject_note}）` : ''}。直して1回だけ再提出できます。
            </Notice>
          )}
          <p>
            「#PR」を先頭に入れたまま、{unit.sns_account ? `@${unit.sns_account.handle} から` : ''}
            {PLATFORM_LABELS[platform]}に投稿してください。
          </p>
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
              <a
                className={buttonClass({ variant: 'secondary' })}
                href={PLATFORM_SITES[platform]}
                target="_blank"
                rel="noopener noreferrer"
              >
                {PLATFORM_LABELS[platform]}を開く
              </a>
            )}
            <Button variant="outline" onClick={copy}>
              文章とリンクをコピー
            </Button>
          </Row>
          <Field
            label="投稿のURL"
            inputMode="url"
            value={postUrl}
            onChange={(e) => setPostUrl(e.target.value)}
            errors={errors.post_url}
            hint="投稿したら、その投稿のURLを貼り付けて報告してください。"
          />
          <Button
            disabled={busy}
            onClick={() => act(() => submitProof(unit.id, postUrl), '投稿を報告しました。')}
          >
            投稿を報告する
          </Button>
        </>
      )}
      <Outcome unit={unit} />
    </Card>
  );
}

/** What became of a reported post and its reward (product design section 8: 確定待ち, 確定, 取り消し). */
function Outcome({ unit }: { unit: Unit }) {
  if (unit.status === 'posted')
    return unit.check === 'unknown' ? (
      <p>自動確認ができなかったため、お店が投稿を見て判定します。</p>
    ) : (
      <p>お店が投稿を確認しています（{formatDateTime(unit.auto_approve_at)}までに自動で承認されます）。</p>
    );
  if (unit.status === 'approved' && unit.reward_state === 'holding')
    return (
      <p>
        承認されました。報酬 {formatYen(unit.reward)} は確定待ちです。{formatDate(unit.confirms_at)}
        に投稿をもう一度確かめ、残っていれば確定します。投稿は消さないでください。
      </p>
    );
  if (unit.status === 'approved') return <p>報酬 {formatYen(unit.reward)} が確定しました。</p>;
  if (unit.status === 'reversed')
    return <Notice tone="danger">報酬は取り消されました：{unit.reversal_reason}</Notice>;
  return null;
}
