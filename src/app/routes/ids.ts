import { isValidId, requireId } from '../../platform/lib/ids.ts';

/** A path segment as the id rule sees it: digits become a number, anything else stays as it is. */
export function pathId(segment: string | undefined): unknown {
  return segment && /^[0-9]+$/.test(segment) ? Number(segment) : segment;
}

/** The first id param of a route that breaks the id rule (seed spec section 5), or null. */
export function invalidIdParam(ids: string[] | undefined, params: Record<string, string>): string | null {
  return ids?.find((k) => !isValidId(pathId(params[k]))) ?? null;
}

/** Shows and reports the rule through the app's sinks (toast + error reporter); the call is never made. */
export function reportInvalidId(segment: string | undefined): void {
  try {
    requireId(pathId(segment));
  } catch {
    // requireId throws after showing and reporting; the gate renders the message instead of the screen.
  }
}
