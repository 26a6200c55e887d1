import { ApiRequestError } from '../../../../../machines/errors.ts';
import { type CallOptions, request, requestDeps } from '../../../request/request.ts';

/**
 * POST /api/logout (section 7): "success when status 200". Without a token there is no session to
 * end, so no call. An expired token is refreshed first (the default retry), so the server-side
 * session really ends rather than staying refreshable.
 */
export async function logout(options?: CallOptions): Promise<void> {
  if (!requestDeps.session.getToken()) return;
  const answer = await request({ method: 'POST', path: '/api/logout' }, options);
  if (answer.status !== 200)
    throw new ApiRequestError(`ログアウトに失敗しました（${answer.status}）`, 'http', answer.status);
}
