import { createRoot } from 'react-dom/client';
import type { ErrorReporter } from './errorReporting.ts';
import { FatalErrorDialog } from './FatalErrorDialog.tsx';

/**
 * Mounts the feedback dialog in its own root, beside the app: a fatal error may have torn down the
 * app's tree, and the dialog must still be there. Loaded only when a fatal error happens.
 */
export function mountFatalDialog(reporter: ErrorReporter, doc: Document = document): void {
  const host = doc.createElement('div');
  host.id = 'fatal-error-dialog';
  doc.body.appendChild(host);
  createRoot(host).render(<FatalErrorDialog reporter={reporter} />);
}
