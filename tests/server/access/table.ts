/**
 * The shape of the authorisation table (tests/server/authorization.test.ts): each feature lists its
 * routes' rows in a file of this folder, which the test collects. Columns: guest, focustar (supporter),
 * shop member (owner of shop 1's company), staff, admin.
 */
export interface Row {
  /** The route as registered: METHOD and URL pattern. */
  route: string;
  /** A concrete call of it. */
  url: string;
  payload?: unknown;
  expect: [guest: number, focustar: number, member: number, staff: number, admin: number];
}

export const ALL = (status: number): Row['expect'] => [status, status, status, status, status];
export const SIGNED_IN = (status: number): Row['expect'] => [401, status, status, status, status];
/** Staff and admins only: a guest is asked to log in, everyone else is refused. */
export const STAFF = (status: number): Row['expect'] => [401, 403, 403, status, status];
