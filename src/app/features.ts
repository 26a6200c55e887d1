import type { ClientFeature } from '../platform/routing.ts';
import { adminMenu } from './admin/index.ts';

/**
 * The client's feature list (ADR 0172): one line per feature, the name of its folder under src/features/,
 * whose index.ts exports `feature`. The order is the order of the admin menu's tiles (the catch-all
 * `/:screen_name` is matched last whatever the order). `npm run new:feature <name>` prints the line to add.
 */
const FEATURE_FOLDERS = [
  'top',
  'accounts',
  'advertisements',
  'shops',
  'recruitments',
  'money',
  'materials',
  'contact',
  'shop-requests',
  'supporters',
  'shortener',
  'results',
  'audit',
  'fraud',
  'guides',
  'legal',
  'errors',
  'profiles',
] as const;

// Eager: the same static imports as writing them out, without a second line per feature.
const modules = import.meta.glob<ClientFeature>('../features/*/index.ts', { eager: true, import: 'feature' });
const folderOf = (key: string) => key.split('/')[2]!;
const unlisted = Object.keys(modules)
  .map(folderOf)
  .filter((f) => !(FEATURE_FOLDERS as readonly string[]).includes(f));
if (unlisted.length > 0)
  throw new Error(`src/app/features.ts: add ${unlisted.join(', ')} to FEATURE_FOLDERS`);

/** The features, then the app's admin menu (which gathers their `adminLinks`). */
export const FEATURES: readonly ClientFeature[] = [...FEATURE_FOLDERS.map(featureIn), adminMenu];

function featureIn(folder: string): ClientFeature {
  const feature = modules[`../features/${folder}/index.ts`];
  if (!feature)
    throw new Error(`src/app/features.ts: src/features/${folder}/index.ts exports no \`feature\``);
  return feature;
}
