import { dashboardSchema } from '../../../../contracts/results.ts';
import { call } from '../../../platform/request/request.ts';

/** GET /api/dashboard (admins): twelve months of the operators' figures (issue 27). */
export function getDashboard(signal?: AbortSignal) {
  return call(dashboardSchema, { method: 'GET', path: '/api/dashboard' }, signal ? { signal } : {});
}
