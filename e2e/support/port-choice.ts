/**
 * A base port for this run when E2E_PORT is not given: derived from the process id, in steps of two
 * (the app and the aux server), so two runs started by different people or helpers rarely collide.
 */
export const E2E_PORT_DEFAULT = 20_000 + (process.pid % 20_000) * 2;
