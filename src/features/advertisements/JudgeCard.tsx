import { useState } from 'react';
import {
  AD_MESSAGES,
  LINK_PLATFORMS,
  PLATFORM_LABELS,
  REJECT_REASONS,
  type RejectReason,
  REWARD_HOLD_DAYS,
  type Unit,
} from '../../../contracts/advertisements.ts';
import { useSubmission } from '../../platform/request/hooks.ts';
import { Button } from '../../platform/ui/Button.tsx';
import { Field, FieldErrors, FormAlert } from '../../platform/ui/Field.tsx';
import { formatDateTime, formatYen } from '../../platform/ui/format.ts';
import { notify } from '../../platform/ui/notify.ts';
import { Card, Notice } from '../../platform/ui/Page.tsx';
import { styled } from '../../platform/styles/stitches.config.ts';
import { approveUnit, rejectUnit } from './api/unit-actions.ts';
import { Facts, Row } from './parts.tsx';

const Select = styled('select', { minHeight: '44px', fontSize: '16px', padding: '0 $2' });
const firstLine = (text: string) => text.split('\n')[0]!.slice(0, 60);

/**
 * A post to judge (issue 13, issue 23): which request it answers, whose account posted it, what the automatic
 * check found (the shop looks for itself when it could not run), then approve or reject, each asked first
 * and reported after on the card and in a toast (a reward is money).
 */
export function JudgeCard({ unit, onDone }: { unit: Unit; onDone: () => void }) {
  const { busy, message, errors, run } = useSubmission();
  const [reason, setReason] = useState<RejectReason>(REJECT_REASONS[0]);
  const [note, setNote] = useState('');
  const [rejecting, setRejecting] = useState(false);
  const [result, setResult] = useState<string | null>(null);
  const account = unit.sns_account;
  const finish = (text: string) => {
    setResult(text);
    notify.success(text);
    onDone();
  };
  const approve = async () => {
    if (
      !window.confirm(
        `${unit.supporter.name}さんの投稿を承認して、報酬 ${formatYen(unit.reward)} を支払いますか？`,
      )
    )
      return;
    if ((await run(() => approveUnit(unit.id))).ok)
      finish(
        `承認しました。報酬 ${formatYen(unit.reward)} は${REWARD_HOLD_DAYS}日後に投稿を確かめてから確定します。`,
      );
  };
  const reject = async () => {
    if (!window.confirm(`「${reason}」を理由に、この投稿を非承認にしますか？`)) return;
    if ((await run(() => rejectUnit(unit.id, { reason, note }))).ok) finish(AD_MESSAGES.unitRejected);
  };
  // Issue 25: the judged card keeps what was judged (the request, whose post), with the result under it.
  const facts = (
    <Facts>
      <dt>拡散依頼</dt>
      <dd>{firstLine(unit.advertisement.text)}</dd>
      <dt>投稿した人</dt>
      <dd>
        <strong>{unit.supporter.name}</strong>さん
        {account
          ? `（${PLATFORM_LABELS[account.platform]} @${account.handle}）`
          : unit.platform
            ? `（${PLATFORM_LABELS[unit.platform]}）`
            : ''}
      </dd>
      <dt>報酬</dt>
      <dd>{formatYen(unit.reward)}</dd>
      <dt>投稿</dt>
      <dd>
        {unit.post_url && (
          <a href={unit.post_url} target="_blank" rel="noopener noreferrer">
            投稿を開く
          </a>
        )}
      </dd>
    </Facts>
  );
  if (result) {
    return (
      <Card aria-label={`${unit.supporter.name}さんの投稿`}>
        {facts}
        <p role="status">{result}</p>
      </Card>
    );
  }
  return (
    <Card aria-label={`${unit.supporter.name}さんの投稿`}>
      {facts}
      {unit.check === 'unknown' ? (
        <Notice tone="warn">{AD_MESSAGES.checkUnknown}</Notice>
      ) : (
        <p>
          自動確認：投稿者・「#PR」の表示・
          {unit.platform && !LINK_PLATFORMS.includes(unit.platform) ? 'ハッシュタグ' : 'リンク'}
          を確認しました。{formatDateTime(unit.auto_approve_at)}
          までに判定しないと自動で承認されます。
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
