import type { ToastOptions } from 'react-hot-toast';

/**
 * Toasts without react-hot-toast on the first screen (ADR 0038): the library loads with the first toast
 * or after the first paint (the deferred Toaster), and calls made before keep their order.
 *
 * Issue 25 (8), ADR 0159: one toast per event. A toast's id is its message unless the caller names one,
 * so the same words said twice for one event (the server's answer `message`, toasted by the request
 * layer, and the screen's own success toast) show once. A success closes the error toasts still up:
 * the next action that works means the earlier failure is over.
 */
const library = () => import('react-hot-toast').then((m) => m.default);

const openErrors = new Set<string>();

export const notify = {
  error(message: string, options?: ToastOptions): void {
    const id = options?.id ?? `error:${message}`;
    openErrors.add(id);
    void library().then((toast) => toast.error(message, { ...options, id }));
  },
  success(message: string, options?: ToastOptions): void {
    const id = options?.id ?? `success:${message}`;
    const closing = [...openErrors];
    openErrors.clear();
    void library().then((toast) => {
      for (const errorId of closing) toast.dismiss(errorId);
      toast.success(message, { ...options, id });
    });
  },
};
