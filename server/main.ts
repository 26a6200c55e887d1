import { features } from './features/index.ts';
import * as schema from './features/schema.ts';
import type { Env } from './platform/env.ts';
import { type Composition, type RunningServer, runServer, startServer as start } from './platform/server.ts';
import { seedDemoData } from './seed/demo.ts';

/**
 * The composition root (ADR 0005): the one file that joins the platform, the features and the demo
 * seed. `npm start` (scripts/start.ts), `npm run dev`, the e2e stack and the API bench start here.
 */
export const composition: Composition = { features, schema, seedDemoData };

export function startServer(env: Env): Promise<RunningServer> {
  return start(env, composition);
}

export function main(): Promise<void> {
  return runServer(composition);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
