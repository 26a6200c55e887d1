import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import house from './eslint/house-plugin.js';

const ROOT = dirname(fileURLToPath(import.meta.url));

/** The server features, read from the folder: a new feature joins the rules below by existing. */
const FEATURES_DIR = join(ROOT, 'server/features');
const SERVER_FEATURES = readdirSync(FEATURES_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const FEATURE_SCHEMAS = SERVER_FEATURES.filter((name) =>
  existsSync(join(FEATURES_DIR, name, 'schema.ts')),
).map((name) => `./${name}/schema.ts`);

// --- Boundaries (ADR 0005): one zone list per boundary. Paths are resolved, so `../` tricks do not pass.

/** The server platform is feature-agnostic: features, the seed and the composition root plug into it. */
const PLATFORM_ZONES = [
  {
    target: './server/platform',
    from: ['./server/features', './server/seed', './server/main.ts'],
    message: 'server/platform imports no feature and no seed (ADR 0005).',
  },
];

/**
 * A server feature imports no other feature, except another feature's schema.ts (the shared data model:
 * foreign keys and joins need the tables). Run-time needs go through the Fastify instance.
 */
const FEATURE_ZONES = SERVER_FEATURES.map((name) => ({
  target: `./server/features/${name}`,
  from: './server/features',
  except: [`./${name}`, ...FEATURE_SCHEMAS],
  message: `server/features/${name} may import another feature's schema.ts only (ADR 0005).`,
}));

/** The server never imports client code (the client's own rules come with the client's layout). */
const SERVER_CLIENT_ZONES = [
  {
    target: './server',
    from: ['./src', './machines'],
    message: 'server/ never imports client code (src/, machines/) (ADR 0005).',
  },
];

/** The client features, read from the folder like the server's. */
const CLIENT_FEATURES_DIR = join(ROOT, 'src/features');
const CLIENT_FEATURES = existsSync(CLIENT_FEATURES_DIR)
  ? readdirSync(CLIENT_FEATURES_DIR, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
  : [];

/**
 * The client (ADR 0007): platform knows no feature and no app; a feature knows no other feature and
 * not the app that assembles it; machines are pure TypeScript that import nothing of the client; the
 * client never imports server code.
 */
const CLIENT_ZONES = [
  {
    target: './src/platform',
    from: ['./src/features', './src/app'],
    message: 'src/platform imports no feature and not the app (ADR 0007).',
  },
  ...CLIENT_FEATURES.map((name) => ({
    target: `./src/features/${name}`,
    from: ['./src/features', './src/app'],
    except: [`./${name}`],
    message: `src/features/${name} imports no other feature and not the app (ADR 0007).`,
  })),
  {
    target: './machines',
    from: ['./src', './server'],
    message: 'machines/ is pure TypeScript: it imports nothing from src/ or server/ (ADR 0007).',
  },
  { target: './src', from: './server', message: 'The client never imports server code (ADR 0007).' },
];

/** Test code lives in tests/ (and e2e/, whose helpers share tests/support); nothing else imports it. */
const TESTS_ZONES = ['server', 'src', 'machines', 'contracts', 'scripts', 'bench'].map((dir) => ({
  target: `./${dir}`,
  from: './tests',
  message: 'Only tests import tests/ (ADR 0005).',
}));

// --- Data access (issue 28 (1), ADR 0182) ----------------------------------------------------------------

/** Tables that no schema.ts defines (a migration creates them), with the feature that owns each. */
const MIGRATION_ONLY_TABLES = {
  fraud_flags: 'fraud',
  payout_holds: 'fraud',
  notifications: 'notifications',
  notification_deliveries: 'platform',
  sent_mails: 'platform',
  short_link_net_clicks: 'platform',
};

/** Non-repo files that still hold SQL, each with its issue; empty when the rule holds everywhere. */
const SQL_OUTSIDE_REPO_FOR_NOW = [];

/**
 * `file:table` writes of another feature's table still made, each commented with its issue (none now).
 * Remove an entry when the write moves behind the owning feature's service; the rule then keeps it there.
 */
const FOREIGN_WRITES_FOR_NOW = [];

/**
 * Lint (ADR 0004): ESLint with typescript-eslint's recommended rules and the rules of hooks.
 * Formatting is Prettier's job, so no stylistic rules here.
 */
export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'data/',
      'test-results/',
      'playwright-report/',
      'server/platform/db/migrations/',
      'docs/',
      'bench/.tmp-*/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // Issue 28 (4), ADR 0183: an effect lists what it reads; what it must not re-run for (a callback that is a
    // new closure each render) it reads through useEffectEvent. A finding fails the lint, and src/ takes no
    // inline config at all, so an `eslint-disable` of the rule (or any other) cannot hide one.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    linterOptions: { noInlineConfig: true },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },

  // ---------------------------------------------------------------------------------------------------
  // Boundaries (ADR 0005). One block per boundary; paths are resolved, so `../` tricks do not get past.
  // ---------------------------------------------------------------------------------------------------
  {
    // contracts/ is the one place where the server and the client meet: it imports zod and itself only.
    files: ['contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!zod$|zod/|\\./)',
              message: 'contracts/ imports only zod and other contracts files (ADR 0005).',
            },
          ],
        },
      ],
    },
  },
  {
    // The path boundaries below (one zone list per boundary), in one rule: ESLint keeps only the last
    // options of a rule for a file, so the lists must be joined rather than set block by block.
    files: ['**/*.{ts,tsx}'],
    plugins: { house },
    rules: {
      'house/no-restricted-paths': [
        'error',
        {
          zones: [
            ...PLATFORM_ZONES,
            ...FEATURE_ZONES,
            ...SERVER_CLIENT_ZONES,
            ...CLIENT_ZONES,
            ...TESTS_ZONES,
          ],
        },
      ],
    },
  },
  {
    // Issue 29 (ADR 0207): code that runs in the browser formats Japan time and digits with
    // contracts/japan-time.ts, not Intl: the first Intl object of a page loads the locale and time-zone data
    // (40 to 60 ms before a phone's slow-down) in the middle of its first screen.
    files: ['src/**/*.{ts,tsx}', 'contracts/**/*.ts', 'machines/**/*.ts'],
    ignores: ['contracts/japan-time.ts', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='Intl']",
          message: 'Japan time and digit grouping come from contracts/japan-time.ts, not Intl (ADR 0207).',
        },
        {
          selector:
            'CallExpression > MemberExpression.callee[property.name=/^toLocale(String|DateString|TimeString)$/]',
          message:
            'Japan time and digit grouping come from contracts/japan-time.ts, not toLocale* (ADR 0207).',
        },
      ],
    },
  },
  {
    // Machines are pure TypeScript (architecture.md): no React, no DOM libraries.
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(react|react-dom|@xstate/react|wouter|react-hot-toast|@stitches/react)(/|$)',
              message: 'machines/ imports no React and no UI library (ADR 0007).',
            },
          ],
        },
      ],
    },
  },
  {
    // No import cycles on the server and in the contracts.
    files: ['server/**/*.ts', 'contracts/**/*.ts'],
    plugins: { house },
    rules: { 'house/no-cycle': 'error' },
  },
  {
    // Data access (issue 28 (1), ADR 0182): a server feature's SQL and query builders live in its repo files
    // (repo.ts, repo-*.ts); a feature writes only the tables of its own schema.ts (or of MIGRATION_ONLY_TABLES above).
    files: ['server/features/**/*.ts'],
    plugins: { house },
    rules: {
      'house/sql-in-repo': ['error', { allow: SQL_OUTSIDE_REPO_FOR_NOW }],
      'house/own-tables': ['error', { tables: MIGRATION_ONLY_TABLES, allow: FOREIGN_WRITES_FOR_NOW }],
    },
  },
);
