import { type FormEvent, useId, useState } from 'react';
import { POST_REJECT_REASONS } from '../../../contracts/recruitments.ts';
import { useSubmission } from '../../platform/request/hooks.ts';
import { styled } from '../../platform/styles/stitches.config.ts';
import { Button } from '../../platform/ui/Button.tsx';
import { FieldErrors, FormAlert, inputStyles } from '../../platform/ui/Field.tsx';
import { rejectPost } from './api/reject-post.ts';

const Select = styled('select', inputStyles);
const TextArea = styled('textarea', { ...inputStyles, minHeight: '72px', py: '$2' });
const Form = styled('form', { display: 'grid', gap: '$2', minWidth: '16rem', marginTop: '$2' });

/**
 * ADR 0083: the shop rejects a winner's post with a reason from the fixed list (その他 needs a note);
 * the winner is told by mail and may send it once more.
 */
export function RejectPostForm({
  entryId,
  onDone,
  onCancel,
}: {
  entryId: number;
  onDone: () => void;
  onCancel: () => void;
}) {
  const ids = { reason: useId(), note: useId() };
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const { busy, message, errors, run } = useSubmission();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const done = await run(() =>
      rejectPost(entryId, {
        reason: reason as (typeof POST_REJECT_REASONS)[number],
        ...(note.trim() ? { note } : {}),
      }),
    );
    if (done.ok) onDone();
  };
  return (
    <Form onSubmit={submit} noValidate aria-label={`応募番号${entryId}の投稿を非承認にする`}>
      {message && <FormAlert role="alert">{message}</FormAlert>}
      <label htmlFor={ids.reason}>非承認の理由</label>
      <Select id={ids.reason} value={reason} onChange={(e) => setReason(e.target.value)}>
        <option value="">選んでください</option>
        {POST_REJECT_REASONS.map((r) => (
          <option key={r}>{r}</option>
        ))}
      </Select>
      <FieldErrors id={`${ids.reason}-error`} errors={errors.reason} />
      <label htmlFor={ids.note}>コメント（「その他」のときは必須）</label>
      <TextArea id={ids.note} value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />
      <FieldErrors id={`${ids.note}-error`} errors={errors.note} />
      <div>
        <Button type="submit" size="sm" variant="danger" disabled={busy}>
          非承認にする
        </Button>{' '}
        <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
          やめる
        </Button>
      </div>
    </Form>
  );
}
