import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { computeAppVersion } from './server/version.ts';

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
 * The production build renders with preact/compat: the source is written against React 19's API (and
 * unit-tested with React 19), but react-dom alone is 60 % of the first screen's 110 KB budget
 * (ADR 0003). `VITE_RENDERER=react npm run build` builds with React instead.
 */
const preactAliases = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

export default defineConfig(({ command }) => ({
  plugins: [react(), precompress()],
  resolve: { alias: command === 'build' && process.env.VITE_RENDERER !== 'react' ? preactAliases : [] },
  define: { __APP_VERSION__: JSON.stringify(version) },
  build: { outDir, emptyOutDir: true, target: 'es2022', sourcemap: true },
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
}));
