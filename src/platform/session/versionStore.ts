/**
 * Section 4: "A response app-version header differing from the built version flags an incorrect
 * version". A tiny external store: the request layer sets it, the UI offers a reload.
 */
let mismatch = false;
let serverVersion: string | null = null;
const listeners = new Set<() => void>();

export const versionStore = {
  flag(version: string) {
    if (mismatch && serverVersion === version) return;
    mismatch = true;
    serverVersion = version;
    for (const l of listeners) l();
  },
  get: () => mismatch,
  serverVersion: () => serverVersion,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};
