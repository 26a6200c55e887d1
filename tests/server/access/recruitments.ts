import { ALL, SIGNED_IN, type Row } from './table.ts';

/** The authorisation rows of the recruitments feature (issue 15). */
export const rows: Row[] = [
  // Monitor recruitments (issue 15). Demo: 1 open, 2 being selected, 3 drawn; entry 1 is
  // supporter@example.com's in recruitment 2. Rows that would change state are refused by a rule (409).
  { route: 'GET /api/recruitments', url: '/api/recruitments', expect: ALL(200) },
  { route: 'GET /api/recruitments/all', url: '/api/recruitments/all', expect: [401, 403, 403, 200, 200] },
  {
    route: 'POST /api/recruitments',
    url: '/api/recruitments',
    payload: {},
    expect: [401, 403, 403, 422, 422],
  },
  { route: 'GET /api/recruitments/:id', url: '/api/recruitments/3', expect: ALL(200) },
  // Editing: staff only; recruitment 3 is drawn (当選発表済), where the benefit is locked (ADR 0082).
  {
    route: 'PATCH /api/recruitments/:id',
    url: '/api/recruitments/3',
    payload: { benefit: '権限の確認' },
    expect: [401, 403, 403, 422, 422],
  },
  {
    route: 'PUT /api/recruitments/:id/status',
    url: '/api/recruitments/1/status',
    payload: { status: '終了' },
    expect: [401, 403, 403, 409, 409],
  },
  {
    route: 'POST /api/recruitments/:id/draw',
    url: '/api/recruitments/3/draw',
    expect: [401, 403, 403, 409, 409],
  },
  {
    route: 'POST /api/recruitments/:id/winners',
    url: '/api/recruitments/3/winners',
    payload: { entry_ids: [1] },
    expect: [401, 403, 403, 409, 409],
  },
  {
    route: 'POST /api/recruitments/:id/redraw',
    url: '/api/recruitments/2/redraw',
    payload: { entry_id: 1 },
    expect: [401, 403, 403, 409, 409],
  },
  // Issue 23: closing applications early (staff, with a reason); recruitment 3 is drawn already (409).
  {
    route: 'POST /api/recruitments/:id/close',
    url: '/api/recruitments/3/close',
    payload: { reason: '権限の確認' },
    expect: [401, 403, 403, 409, 409],
  },
  // A shop's entries: its company's members and staff only.
  {
    route: 'GET /api/recruitments/:id/entries',
    url: '/api/recruitments/2/entries',
    expect: [401, 403, 200, 200, 200],
  },
  {
    route: 'POST /api/recruitments/:id/entries',
    url: '/api/recruitments/3/entries',
    payload: {},
    expect: [401, 409, 409, 409, 409],
  },
  { route: 'GET /api/entries', url: '/api/entries', expect: SIGNED_IN(200) },
  // An entry is its owner's: for anyone else it does not exist.
  { route: 'GET /api/entries/:id', url: '/api/entries/1', expect: [401, 200, 404, 404, 404] },
  { route: 'POST /api/entries/:id/visit', url: '/api/entries/1/visit', expect: [401, 404, 409, 409, 409] },
  {
    route: 'POST /api/entries/:id/post',
    url: '/api/entries/1/post',
    payload: { post_url: 'https://www.instagram.com/p/Cabc123/' },
    expect: [401, 409, 404, 404, 404],
  },
  // Issue 23: only the winner declines their own entry (entry 1 is 応募中, not a winner: 409); for
  // anyone else it does not exist. Cancelling a win is staff's, with a reason (entry 1 did not win: 409).
  {
    route: 'POST /api/entries/:id/decline',
    url: '/api/entries/1/decline',
    expect: [401, 409, 404, 404, 404],
  },
  {
    route: 'POST /api/entries/:id/cancel',
    url: '/api/entries/1/cancel',
    payload: { reason: '権限の確認' },
    expect: [401, 403, 403, 409, 409],
  },
  // Rejecting a post: the shop's members and staff; entry 1 has no post to judge (409).
  {
    route: 'POST /api/entries/:id/reject',
    url: '/api/entries/1/reject',
    payload: { reason: '投稿が見つからない' },
    expect: [401, 404, 409, 409, 409],
  },
  {
    route: 'POST /api/entries/:id/approve',
    url: '/api/entries/1/approve',
    expect: [401, 404, 409, 409, 409],
  },
];
