import { type User, userSchema } from '../contracts/auth.ts';
import { type CallOptions, parseAnswer, request } from '../request.ts';

/** GET /api/me → the signed-in user (seed spec section 7). */
export async function getMe(options?: CallOptions): Promise<User> {
  return parseAnswer(userSchema, await request({ method: 'GET', path: '/api/me' }, options));
}
