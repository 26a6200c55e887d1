import { type FormEvent, useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { FEEDBACK_DIALOG } from '../../../machines/errors.ts';
import type { ErrorReporter } from './errorReporting.ts';

/**
 * Section 8: fatal errors open a feedback dialog, built here (no script from elsewhere), and what
 * the user writes is sent to the error-reporting service as user feedback.
 */
export function FatalErrorDialog({ reporter }: { reporter: ErrorReporter }) {
  const state = useSyncExternalStore(reporter.subscribeDialog, reporter.dialog, reporter.dialog);
  const ref = useRef<HTMLDialogElement>(null);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [comments, setComments] = useState('');
  const [sending, setSending] = useState(false);
  const id = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (state.open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!state.open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [state.open]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    try {
      await reporter.sendFeedback({ name, email, message: comments.trim() || FEEDBACK_DIALOG.noComment });
    } finally {
      setSending(false);
    }
  };

  if (!state.open) return null;
  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      onCancel={() => reporter.closeDialog()}
      style={{ maxWidth: 480, width: 'calc(100% - 32px)', border: 'none', borderRadius: 8, padding: 24 }}
    >
      <form onSubmit={submit} style={{ display: 'grid', gap: 12 }}>
        <h2 id={`${id}-title`} style={{ fontSize: 18, fontWeight: 700, margin: 0 }}>
          {FEEDBACK_DIALOG.title}
        </h2>
        <p style={{ margin: 0 }}>{FEEDBACK_DIALOG.subtitle}</p>
        <p style={{ margin: 0 }}>{FEEDBACK_DIALOG.subtitle2}</p>
        <label htmlFor={`${id}-name`}>{FEEDBACK_DIALOG.labelName}</label>
        <input id={`${id}-name`} value={name} onChange={(e) => setName(e.target.value)} autoComplete="name" />
        <label htmlFor={`${id}-email`}>{FEEDBACK_DIALOG.labelEmail}</label>
        <input
          id={`${id}-email`}
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          autoComplete="email"
        />
        <label htmlFor={`${id}-comments`}>{FEEDBACK_DIALOG.labelComments}</label>
        <textarea
          id={`${id}-comments`}
          rows={4}
          value={comments}
          onChange={(e) => setComments(e.target.value)}
        />
        <div style={{ display: 'flex', gap: 8, justifyContent: 'flex-end' }}>
          <button type="button" onClick={() => reporter.closeDialog()}>
            {FEEDBACK_DIALOG.labelClose}
          </button>
          <button type="submit" disabled={sending}>
            {FEEDBACK_DIALOG.labelSubmit}
          </button>
        </div>
      </form>
    </dialog>
  );
}
