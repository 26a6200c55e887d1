import { type UnitListQuery, unitListSchema } from '../../../../contracts/advertisements.ts';
import { call } from '../../../platform/request/request.ts';

/** GET /api/units: my units (supporter), or a shop's (with shop_id), newest first. */
export function listUnits(query: UnitListQuery, signal?: AbortSignal) {
  return call(unitListSchema, { method: 'GET', path: '/api/units', query }, signal ? { signal } : {});
}
