/**
 * The time every auth rule is measured against. It is JavaScript time, not the database's now(), so
 * that tests can move it with `vi.setSystemTime` and so that PGlite and PostgreSQL agree.
 */
export const now = (): Date => new Date();
export const nowSeconds = (): number => Math.floor(Date.now() / 1000);
