import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { computeAppVersion } from './server/platform/version.ts';

const version = computeAppVersion();
const outDir = 'dist/client';

/** Writes .br and .gz beside every text asset (served by @fastify/static preCompressed) and a build stamp. */
function precompress(): Plugin {
  return {
    name: 'focustar:precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? outDir;
      for (const [fileName, item] of Object.entries(bundle)) {
        if (!/\.(js|css|html|svg|json|txt)$/.test(fileName)) continue;
        const data = Buffer.from(item.type === 'chunk' ? item.code : item.source);
        if (data.length < 1024) continue;
        writeFileSync(join(dir, `${fileName}.gz`), gzipSync(data, { level: 9 }));
        writeFileSync(
          join(dir, `${fileName}.br`),
          brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
      writeFileSync(join(dir, 'build.json'), JSON.stringify({ version, builtAt: new Date().toISOString() }));
    },
  };
}

/**
 * Development, tests and production all render with React 19 and react-dom 19 (ADR 0037, superseding
 * ADR 0003). The manifest (`.vite/manifest.json`) tells bench/bundle.ts which files the first screen loads.
 */
export default defineConfig({
  plugins: [react(), precompress()],
  define: { __APP_VERSION__: JSON.stringify(version) },
  build: { outDir, emptyOutDir: true, target: 'es2022', sourcemap: true, manifest: true },
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
  },
});
