import { useSelector } from '@xstate/react';
import { FIRST_AD_UNITS, STANDARD_REWARD } from '../../../../contracts/pricing.ts';
import { Button } from '../../../platform/ui/Button.tsx';
import { FormAlert } from '../../../platform/ui/Field.tsx';
import { formatYen } from '../../../platform/ui/format.ts';
import { Card, Notice } from '../../../platform/ui/Page.tsx';
import { Actions, selectBusy, selectIsFirst, selectStep, type WizardActor } from './parts.ts';

/** Above every step: why the request came back, the first request's terms, the last failure. */
export function WizardNotices({ actor }: { actor: WizardActor }) {
  const rejectReason = useSelector(actor, (s) =>
    s.context.status === '差し戻し' ? s.context.rejectReason : null,
  );
  const isFirst = useSelector(actor, selectIsFirst);
  const message = useSelector(actor, (s) => s.context.message);
  return (
    <>
      {rejectReason && (
        <Notice tone="danger" role="note">
          <strong>差し戻しの理由：</strong>
          {rejectReason}
        </Notice>
      )}
      {isFirst && (
        <Notice tone="info">
          はじめての拡散依頼：{FIRST_AD_UNITS}件・1件{formatYen(STANDARD_REWARD)}
          、システム利用料は無料です（件数と報酬は変更できません）。
        </Notice>
      )}
      {message && <FormAlert role="alert">{message}</FormAlert>}
    </>
  );
}

/** Below every step: back, leave, and next (or, on the last step, submit). */
export function WizardNav({ actor }: { actor: WizardActor }) {
  const step = useSelector(actor, selectStep);
  const busy = useSelector(actor, selectBusy);
  return (
    <Actions>
      <div style={{ display: 'flex', gap: '0.5rem' }}>
        {step > 1 && (
          <Button variant="ghost" disabled={busy} onClick={() => actor.send({ type: 'wizard.back' })}>
            戻る
          </Button>
        )}
        <Button variant="ghost" disabled={busy} onClick={() => actor.send({ type: 'wizard.leave' })}>
          中断する
        </Button>
      </div>
      {step < 4 ? (
        <Button disabled={busy} onClick={() => actor.send({ type: 'wizard.next' })}>
          {busy ? '保存しています…' : '次へ'}
        </Button>
      ) : (
        <Button disabled={busy} onClick={() => actor.send({ type: 'wizard.submit' })}>
          {busy ? '送信しています…' : 'この内容で審査に出す'}
        </Button>
      )}
    </Actions>
  );
}

/** Leaving with unsaved changes asks first. */
export function LeaveDialog({ actor }: { actor: WizardActor }) {
  return (
    <Card role="alertdialog" aria-labelledby="leave-title">
      <h2 id="leave-title">保存していない変更があります</h2>
      <p>このページを離れると、このステップで入力した内容は失われます。よろしいですか？</p>
      <Actions>
        <Button variant="ghost" onClick={() => actor.send({ type: 'wizard.cancelLeave' })}>
          入力を続ける
        </Button>
        <Button variant="danger" onClick={() => actor.send({ type: 'wizard.confirmLeave' })}>
          変更を捨てて移動する
        </Button>
      </Actions>
    </Card>
  );
}
