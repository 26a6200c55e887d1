import { ID_MESSAGE } from '../../../contracts/values.ts';

/**
 * Seed spec section 5: ids are safe integers >= 1; anything else shows and reports
 * 'IDは1以上の整数である必要があります' and the call is not made. The toast and the reporter are
 * injected by the app (src/app/actors.ts) so this module stays free of UI and of Sentry.
 */
export class InvalidIdError extends Error {
  override readonly name = 'InvalidIdError';
  constructor(readonly value: unknown) {
    super(ID_MESSAGE);
  }
}

export function isValidId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 1;
}

type Sink = (error: InvalidIdError) => void;
const sinks = { show: null as Sink | null, report: null as Sink | null };

/** The app wires the toast and the error reporter once at start-up. */
export function configureIdErrors(options: { show: Sink; report: Sink }): void {
  sinks.show = options.show;
  sinks.report = options.report;
}

/**
 * Returns the id when valid; otherwise shows and reports the rule and throws, so the caller never
 * reaches the network.
 */
export function requireId(value: unknown): number {
  if (isValidId(value)) return value;
  const error = new InvalidIdError(value);
  sinks.show?.(error);
  sinks.report?.(error);
  throw error;
}
