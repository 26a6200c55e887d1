import type { Row } from './table.ts';

/** The authorisation rows of the audit feature (issue 24): admins read the staff audit log, nobody else. */
export const rows: Row[] = [
  { route: 'GET /api/audit-log', url: '/api/audit-log', expect: [401, 403, 403, 403, 200] },
  {
    route: 'GET /api/audit-log',
    url: '/api/audit-log?target=units:4&action=unit.approve',
    expect: [401, 403, 403, 403, 200],
  },
];
