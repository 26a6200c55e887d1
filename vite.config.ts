import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { computeAppVersion, metaDirOf } from './server/platform/version.ts';
import { routePreloads } from './scripts/vite-route-preloads.ts';
import { ssrWorker } from './scripts/vite-ssr-worker.ts';

const version = computeAppVersion();
const outDir = 'dist/client';

/**
 * Writes .br and .gz beside every text asset (served by @fastify/static preCompressed), then moves the
 * source maps and the manifest out of the served folder and writes the build stamp beside them.
 */
function precompress(): Plugin {
  return {
    name: 'focustar:precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? outDir;
      const meta = metaDirOf(dir);
      rmSync(meta, { recursive: true, force: true });
      const moveToMeta = (fileName: string) => {
        if (!existsSync(join(dir, fileName))) return;
        mkdirSync(dirname(join(meta, fileName)), { recursive: true });
        renameSync(join(dir, fileName), join(meta, fileName));
      };
      mkdirSync(meta, { recursive: true });
      for (const [fileName, item] of Object.entries(bundle)) {
        if (fileName.endsWith('.map') || fileName.startsWith('.vite/')) {
          moveToMeta(fileName);
          continue;
        }
        moveToMeta(`${fileName}.map`);
        if (!/\.(js|css|html|svg|json|txt)$/.test(fileName)) continue;
        const data = Buffer.from(item.type === 'chunk' ? item.code : item.source);
        if (data.length < 1024) continue;
        writeFileSync(join(dir, `${fileName}.gz`), gzipSync(data, { level: 9 }));
        writeFileSync(
          join(dir, `${fileName}.br`),
          brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
      rmSync(join(dir, '.vite'), { recursive: true, force: true });
      writeFileSync(join(meta, 'build.json'), JSON.stringify({ version, builtAt: new Date().toISOString() }));
    },
  };
}

/**
 * Development, tests and production all render with React 19 and react-dom 19 (ADR 0037, superseding
 * ADR 0003). The manifest (`<outDir>-meta/.vite/manifest.json`) tells bench/bundle.ts which files the first screen loads.
 */
const define = { __APP_VERSION__: JSON.stringify(version) };

export default defineConfig({
  plugins: [
    react(),
    routePreloads(import.meta.dirname),
    precompress(),
    ssrWorker({ root: import.meta.dirname, define }),
  ],
  define,
  build: {
    outDir,
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: 'hidden',
    manifest: true,
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://127.0.0.1:${process.env.API_PORT ?? 3000}`, changeOrigin: false } },
  },
  test: {
    include: ['tests/**/*.test.{ts,tsx}', 'machines/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // ADR 0185: the run's PostgreSQL test databases are dropped together at its end.
    globalSetup: ['tests/support/global-db.ts'],
  },
});
