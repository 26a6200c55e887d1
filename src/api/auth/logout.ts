import { ApiRequestError } from '../errors.ts';
import { type CallOptions, request } from '../request.ts';

/** POST /api/logout (section 7): "success when status 200". */
export async function logout(options?: CallOptions): Promise<void> {
  const answer = await request({ method: 'POST', path: '/api/logout' }, { retry: false, ...options });
  if (answer.status !== 200)
    throw new ApiRequestError(`ログアウトに失敗しました（${answer.status}）`, 'http', answer.status);
}
