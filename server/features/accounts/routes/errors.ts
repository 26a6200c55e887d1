import { errorSchema } from '../../../../contracts/common.ts';

/** The error answers every account route may give. */
export const accountErrors = { 401: errorSchema, 403: errorSchema, 422: errorSchema, 429: errorSchema };
