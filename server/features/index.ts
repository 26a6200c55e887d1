import type { Feature } from '../platform/feature.ts';
import * as list from './list.ts';

/**
 * The features the app runs (ADR 0005): every entry of ./list.ts, one line per feature there (ADR 0172).
 * A new feature is a new folder with its `feature.ts`, one line in ./list.ts and, if it owns tables, one
 * line in ./schema.ts.
 */
export const features: readonly Feature[] = Object.values(list);
