import { ALL, type Row } from './table.ts';

/** The authorisation rows of the system feature's routes. */
export const rows: Row[] = [
  { route: 'GET /api/health', url: '/api/health', expect: ALL(200) },
  { route: 'GET /api/ready', url: '/api/ready', expect: ALL(200) },
  { route: 'GET /api/version', url: '/api/version', expect: ALL(200) },
  { route: 'GET /api/config', url: '/api/config', expect: ALL(200) },
  { route: 'GET /api/csrf-cookie', url: '/api/csrf-cookie', expect: ALL(204) },
  { route: 'GET /api/openapi.json', url: '/api/openapi.json', expect: ALL(200) },
  // Issue 29: only METRICS_TOKEN opens it (tests/server/metrics.test.ts); a user's login is no key.
  { route: 'GET /metrics', url: '/metrics', expect: ALL(404) },
];
