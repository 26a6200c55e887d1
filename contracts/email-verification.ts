/**
 * Plain values without zod, for the top page (a first screen) and /login. ADR 0013: the verification
 * link answers `/?email_verification=ok|expired|invalid`.
 */

/**
 * The e-mail verification link lands on `/?email_verification=…` (ADR 0013); the top page shows these,
 * or sends a person who is not signed in in this browser to `/login`, which says them (ADR 0167).
 */
export const EMAIL_VERIFICATION_RESULTS = {
  ok: 'メールアドレスの確認が完了しました。Focustarへようこそ！',
  expired: '確認リンクの有効期限が切れています。ログインして確認メールを再送信してください。',
  invalid: '確認リンクが正しくありません。メールのリンクをもう一度お確かめください。',
} as const;
export type EmailVerificationResult = keyof typeof EMAIL_VERIFICATION_RESULTS;
export const EMAIL_VERIFIED_LOGIN_HINT = 'ログインすると、続きの準備ができます。';
