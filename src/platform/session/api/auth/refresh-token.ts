import { requestDeps } from '../../../request/request.ts';

/**
 * POST /api/refresh with the old token as bearer → a new access token (section 7). Shares the
 * request layer's single-flight refresher, so the start-up refresh and a 401 never race.
 */
export function refreshToken(): Promise<string> {
  return requestDeps.refresher.refresh();
}
