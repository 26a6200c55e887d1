/** An error with an HTTP status and a Japanese message meant for the user. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** 422 with a per-field errors map; `message` is the first field message, as Laravel-style clients expect. */
export function validationError(errors: Record<string, string[]>): HttpError {
  const first = Object.values(errors)[0]?.[0];
  return new HttpError(422, first ?? '入力内容に誤りがあります。', errors);
}

/** 429 with the Retry-After header. */
export function tooMany(message: string, seconds: number): HttpError {
  return new HttpError(429, message, undefined, { 'Retry-After': String(seconds) });
}
