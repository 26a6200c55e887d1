import { type AuditQuery, auditPageSchema } from '../../../../contracts/audit.ts';
import { call } from '../../../platform/request/request.ts';

/** GET /api/audit-log (admins): the staff audit log newest first, filtered, 50 a page before `before`. */
export function listAuditLog(query: AuditQuery, signal?: AbortSignal) {
  return call(auditPageSchema, { method: 'GET', path: '/api/audit-log', query }, signal ? { signal } : {});
}
