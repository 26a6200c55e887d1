import { type Row, STAFF } from './table.ts';

/** Issue 26 "Done when" (ADR 0178): the preview of every notification template is for staff. */
export const rows: Row[] = [
  {
    route: 'GET /api/admin/notification-templates',
    url: '/api/admin/notification-templates',
    expect: STAFF(200),
  },
];
