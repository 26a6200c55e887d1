import { STAFF, type Row } from './table.ts';

/** The authorisation rows of the fraud feature (issue 24): staff review the flags and act on them. */
export const rows: Row[] = [
  { route: 'GET /api/fraud/flags', url: '/api/fraud/flags?status=open', expect: STAFF(200) },
  {
    route: 'POST /api/fraud/flags/:id/actions',
    url: '/api/fraud/flags/999999/actions',
    payload: { action: 'fine', note: '確認しました' },
    expect: STAFF(404),
  },
];
