import type { ToastOptions } from 'react-hot-toast';

/**
 * Toasts without react-hot-toast on the first screen (ADR 0038): the library loads with the first toast
 * or after the first paint (the deferred Toaster), and calls made before keep their order.
 */
const library = () => import('react-hot-toast').then((m) => m.default);

export const notify = {
  error(message: string, options?: ToastOptions): void {
    void library().then((toast) => toast.error(message, options));
  },
  success(message: string, options?: ToastOptions): void {
    void library().then((toast) => toast.success(message, options));
  },
};
