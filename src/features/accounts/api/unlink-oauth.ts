import { type User, userSchema } from '../../../../contracts/accounts.ts';
import { ApiRequestError, ERRORS } from '../../../../machines/errors.ts';
import { type CallOptions, parseAnswer, request } from '../../../platform/request/request.ts';

/** DELETE /api/oauth/{provider} → the user without that link (section 7; 204 is an error). */
export async function unlinkOAuth(provider: string, options?: CallOptions): Promise<User> {
  const answer = await request(
    { method: 'DELETE', path: `/api/oauth/${encodeURIComponent(provider)}` },
    options,
  );
  if (answer.status === 204) throw new ApiRequestError(ERRORS.oauthUnlinkNoContent, 'invalid-answer', 204);
  return parseAnswer(userSchema, answer);
}
