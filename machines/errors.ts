/**
 * Seed spec section 8: the client's error catalogue. Every message the app itself raises is here,
 * once; messages that come from the server are shown as they are.
 */
export const ERRORS = {
  cancelled: 'APIリクエストをキャンセルしました',
  sessionExpired: '認証期限が切れました。再ログインが必要です。',
  userFetchFailed: 'ユーザー情報が取得できませんでした。',
  shopFetchFailed: 'ショップ情報が取得できませんでした。',
  notLoggedInUpdate: 'ログインしていない状態で更新を行おうとしました',
  network: '通信に失敗しました。ネットワークの接続を確認して、もう一度お試しください。',
  unexpectedAnswer: 'サーバーから想定外の応答がありました。',
  oauthNoContent:
    'ソーシャルログインの開始に失敗しました（サーバーからリダイレクト先が返されませんでした）。',
  oauthUnexpected:
    'ソーシャルログインの開始に失敗しました（サーバーの応答にリダイレクト先のURLがありません）。',
  oauthUnlinkNoContent:
    'ソーシャルアカウントの連携解除に失敗しました（サーバーからユーザー情報が返されませんでした）。',
  unknownAuthEvent: '認証の状態管理に不明な操作が送られました',
  versionMismatch: '新しいバージョンが公開されています。ページを再読み込みしてください。',
} as const;

/** Section 8: the OAuth error types carried in the error cookie, in words for the login page. */
export const OAUTH_ERROR_MESSAGES = {
  invalidCode: 'ソーシャルログインの認証コードが無効です。もう一度お試しください。',
  notFound: 'このソーシャルアカウントに連携されたユーザーが見つかりません。先に会員登録してください。',
  failed: 'ソーシャルログインに失敗しました。時間をおいてもう一度お試しください。',
} as const;

/** Section 8: the fatal-error feedback dialog. */
export const FEEDBACK_DIALOG = {
  title: 'Focustarでエラーが発生しました',
  subtitle: 'ご不便をおかけして申し訳ございません。',
  subtitle2:
    '品質向上のため、差し支えなければ発生時の状況をお知らせいただけますと幸いです。ご協力をお願いいたします。',
  labelName: 'お名前（匿名可）',
  labelEmail: 'メールアドレス',
  labelComments: 'エラーが起きたときの操作（任意）',
  labelSubmit: '送信',
  labelClose: '閉じる',
  sent: 'ご協力ありがとうございました。内容を送信しました。',
  noComment: '（コメントなし）',
} as const;

/** The error a failed API call rejects with: what the server said, and why the client gave up. */
export type ApiErrorKind =
  'http' | 'network' | 'cancelled' | 'unauthenticated' | 'session' | 'invalid-answer';

export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';
  constructor(
    message: string,
    readonly kind: ApiErrorKind,
    readonly status: number | null = null,
    /** 422: field name to its messages (seed spec section 5). */
    readonly errors: Record<string, string[]> = {},
    readonly data: unknown = null,
  ) {
    super(message);
  }
}
