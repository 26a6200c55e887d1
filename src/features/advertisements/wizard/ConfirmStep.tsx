import { useSelector } from '@xstate/react';
import { composePost, PLATFORM_LABELS } from '../../../../contracts/advertisements.ts';
import { PLATFORM_FEE_PERCENT, quote, TAX_PERCENT } from '../../../../contracts/pricing.ts';
import { formatPeriod, formatYen } from '../../../platform/ui/format.ts';
import { Preview, PreviewImages, selectDraft, selectIsFirst, type WizardActor } from './parts.ts';

/** Step 4, 確認・お支払い: the post as supporters will see it, the request's facts and the most it costs. */
export function ConfirmStep({ actor, shopName }: { actor: WizardActor; shopName: string }) {
  const draft = useSelector(actor, selectDraft);
  const isFirst = useSelector(actor, selectIsFirst);
  const q = quote(draft.units ?? 0, draft.reward ?? 0, isFirst);
  return (
    <>
      {/* Issue 25 (2): the post as supporters will see it, before paying. */}
      <h3>フォーカスターに届く投稿</h3>
      <Preview aria-label="フォーカスターに届く投稿">
        {composePost(draft.text, draft.hashtags, `${location.origin}/s/…`)}
        {draft.image_urls.length > 0 && (
          <PreviewImages single={draft.image_urls.length === 1}>
            {draft.image_urls.map((url, i) => (
              <img key={url} src={url} alt={`依頼の写真${i + 1}`} />
            ))}
          </PreviewImages>
        )}
      </Preview>
      <dl>
        <dt>お店</dt>
        <dd>{shopName}</dd>
        <dt>SNS</dt>
        <dd>{draft.platforms.map((p) => PLATFORM_LABELS[p]).join('・') || '—'}</dd>
        <dt>期間</dt>
        <dd>{formatPeriod(draft.starts_on, draft.ends_on)}</dd>
        <dt>リンク先</dt>
        <dd style={{ overflowWrap: 'anywhere' }}>{draft.landing_url ?? 'お店のページ'}</dd>
      </dl>
      <table style={{ width: '100%', marginBottom: '1rem' }}>
        <caption className="visually-hidden">お支払い額</caption>
        <tbody>
          <tr>
            <th scope="row" style={{ textAlign: 'left' }}>
              報酬（{formatYen(q.reward)} × {q.units}件）
            </th>
            <td style={{ textAlign: 'right' }}>{formatYen(q.rewards)}</td>
          </tr>
          <tr>
            <th scope="row" style={{ textAlign: 'left' }}>
              システム利用料（報酬の{PLATFORM_FEE_PERCENT}%）
            </th>
            <td style={{ textAlign: 'right' }}>
              {q.fee === 0 && isFirst ? '0円（無料）' : formatYen(q.fee)}
            </td>
          </tr>
          <tr>
            <th scope="row" style={{ textAlign: 'left' }}>
              消費税（{TAX_PERCENT}%）
            </th>
            <td style={{ textAlign: 'right' }}>{formatYen(q.tax)}</td>
          </tr>
          <tr>
            <th scope="row" style={{ textAlign: 'left' }}>
              お支払い合計（税込・最大）
            </th>
            <td style={{ textAlign: 'right' }}>
              <strong>{formatYen(q.total)}</strong>
            </td>
          </tr>
        </tbody>
      </table>
      <p>お支払いは承認した投稿の分だけです。集まらなかった件数の分はいただきません。</p>
    </>
  );
}
