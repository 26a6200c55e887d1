import { type FormEvent, useId, useState } from 'react';
import { useSubmission } from '../../platform/request/hooks.ts';
import { styled } from '../../platform/styles/stitches.config.ts';
import { Button } from '../../platform/ui/Button.tsx';
import { FieldErrors, FormAlert, inputStyles } from '../../platform/ui/Field.tsx';
import { notify } from '../../platform/ui/notify.ts';

const TextArea = styled('textarea', { ...inputStyles, minHeight: '72px', py: '$2' });
const Form = styled('form', { display: 'grid', gap: '$2', minWidth: '16rem', marginTop: '$2' });

/**
 * Issue 23: a staff action that needs a reason the public page will show (closing applications early,
 * cancelling a win). The reason is asked first, then a confirmation; a toast says it was done.
 */
export function ReasonForm({
  label,
  hint,
  submitLabel,
  confirmText,
  doneText,
  action,
  onDone,
  onCancel,
}: {
  /** The form's accessible name. */
  label: string;
  hint: string;
  submitLabel: string;
  confirmText: (reason: string) => string;
  doneText: string;
  action: (reason: string) => Promise<unknown>;
  onDone: () => void;
  onCancel?: () => void;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  const { busy, message, errors, run } = useSubmission();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (reason.trim() && !window.confirm(confirmText(reason.trim()))) return;
    const done = await run(() => action(reason));
    if (done.ok) {
      notify.success(doneText);
      setReason('');
      onDone();
    }
  };
  return (
    <Form onSubmit={submit} noValidate aria-label={label}>
      {message && <FormAlert role="alert">{message}</FormAlert>}
      <label htmlFor={id}>理由（公開ページに表示されます）</label>
      <TextArea
        id={id}
        value={reason}
        maxLength={200}
        onChange={(e) => setReason(e.target.value)}
        aria-invalid={errors.reason?.length ? true : undefined}
        aria-describedby={`${id}-hint${errors.reason?.length ? ` ${id}-error` : ''}`}
      />
      <small id={`${id}-hint`}>{hint}</small>
      <FieldErrors id={`${id}-error`} errors={errors.reason} />
      <div>
        <Button type="submit" size="sm" variant="danger" disabled={busy}>
          {submitLabel}
        </Button>
        {onCancel && (
          <>
            {' '}
            <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
              やめる
            </Button>
          </>
        )}
      </div>
    </Form>
  );
}
