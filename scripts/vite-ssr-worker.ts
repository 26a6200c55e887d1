import { basename, dirname, join, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';

import { SSR_WORKER_FILE } from '../server/platform/prerender.ts';
import { metaDirOf } from '../server/platform/version.ts';

/**
 * Issue 11 (ADR 0155): once the SPA is built, builds the prerender worker (src/app/prerender/worker.ts)
 * for Node from the same sources and the same definitions, beside the manifest, out of the served folder.
 * Packages stay outside the bundle: the worker imports them from node_modules, as the server does.
 */
export function ssrWorker(options: { root: string; define: Record<string, string> }): Plugin {
  let outDir = '';
  return {
    name: 'focustar:ssr-worker',
    apply: (config, env) => env.command === 'build' && !config.build?.ssr,
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      await build({
        configFile: false,
        root: options.root,
        mode: 'production',
        logLevel: 'warn',
        publicDir: false,
        plugins: [react()],
        define: options.define,
        build: {
          ssr: join(options.root, 'src/app/prerender/worker.ts'),
          outDir: join(metaDirOf(resolve(options.root, outDir)), dirname(SSR_WORKER_FILE)),
          emptyOutDir: true,
          target: 'node20',
          minify: false,
          rollupOptions: { output: { entryFileNames: basename(SSR_WORKER_FILE) } },
        },
      });
    },
  };
}
