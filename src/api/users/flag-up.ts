import { type User, type UserFlag, userSchema } from '../contracts/auth.ts';
import { type CallOptions, parseAnswer, request } from '../request.ts';

/** PUT /api/users/flag-up {flag} → the updated user (section 7). */
export async function flagUp(flag: UserFlag, options?: CallOptions): Promise<User> {
  return parseAnswer(
    userSchema,
    await request({ method: 'PUT', path: '/api/users/flag-up', body: { flag } }, options),
  );
}
