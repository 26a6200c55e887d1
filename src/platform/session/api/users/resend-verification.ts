import { type CallOptions, callLazy } from '../../../request/request.ts';

/** POST /api/email/resend → {message} (issue 5; the first steps of issue 25 send it from the screen). */
export function resendVerification(options?: CallOptions): Promise<{ message: string }> {
  return callLazy(
    () => import('../../../../../contracts/common.ts').then((m) => m.messageResponseSchema),
    { method: 'POST', path: '/api/email/resend' },
    options,
  );
}
