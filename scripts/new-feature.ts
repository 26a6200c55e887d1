import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import * as prettier from 'prettier';
import { renderRouteScreenNames, routeScreenNames, OUT as ROUTE_NAMES_FILE } from './screen-names.ts';

/**
 * Issue 28 (5), ADR 0172: `npm run new:feature <name> [--title 日本語の画面名] [--dry-run]` writes a working
 * minimal feature the house's way — the contract (one zod schema, Japanese messages), the server slice
 * (schema.ts with one table and its migration, repo.ts, service.ts taking a deps object, routes.ts with one
 * staff GET and feature.ts), the client slice (one api/ call parsing with the contract, one screen,
 * routes.ts, menu.ts, index.ts), a server test, a component test, the authorisation rows and an ADR stub —
 * then prints the one line to add to each feature list. The migration's and the ADR's numbers are the next
 * free ones when it runs (other people add them too: commit them at once). `--dry-run` writes nothing and
 * prints the files as JSON ({ files: { path: text }, lines: [...] }), which tests/foundation/new-feature.test.ts
 * typechecks and lints in place.
 */

export interface Scaffold {
  files: Record<string, string>;
  /** What to add by hand: the one line per feature list, with the file it goes in. */
  lines: { file: string; line: string }[];
}

const NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
const MIGRATIONS = 'server/platform/db/migrations';
const JOURNAL = `${MIGRATIONS}/meta/_journal.json`;
const DECISIONS = 'docs/decisions';

const camel = (name: string) => name.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const pascal = (name: string) => camel(name).replace(/^./, (c) => c.toUpperCase());
const snake = (name: string) => name.replace(/-/g, '_');
const upper = (name: string) => snake(name).toUpperCase();
const pad = (n: number) => String(n).padStart(4, '0');

interface Journal {
  version: string;
  dialect: string;
  entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[];
}

/** The next free numbers, read when the scaffold runs. */
function nextNumbers(root: string) {
  const migration = Math.max(
    -1,
    ...readdirSync(join(root, MIGRATIONS))
      .map((f) => /^(\d{4})_.*\.sql$/.exec(f)?.[1])
      .filter((n): n is string => n !== undefined)
      .map(Number),
  );
  const decision = Math.max(
    0,
    ...readdirSync(join(root, DECISIONS))
      .map((f) => /^(\d{4})-.*\.md$/.exec(f)?.[1])
      .filter((n): n is string => n !== undefined)
      .map(Number),
  );
  return { migration: migration + 1, decision: decision + 1 };
}

export async function scaffold(
  name: string,
  options: { title?: string; root?: string } = {},
): Promise<Scaffold> {
  if (!NAME.test(name)) throw new Error(`new:feature: "${name}" must be kebab-case (gift-cards)`);
  const root = options.root ?? process.cwd();
  for (const dir of [`server/features/${name}`, `src/features/${name}`, `contracts/${name}.ts`]) {
    if (existsSync(join(root, dir))) throw new Error(`new:feature: ${dir} already exists`);
  }
  const title = options.title ?? `${name}の管理`;
  const c = camel(name);
  const P = pascal(name);
  const table = snake(name);
  const M = `${upper(name)}_MESSAGES`;
  const path = `/admin-${name}`;
  const api = `/api/${name}`;
  const { migration, decision } = nextNumbers(root);
  const adr = `${pad(decision)}-${name}`;
  const migrationTag = `${pad(migration)}_${table}`;
  const journal = JSON.parse(readFileSync(join(root, JOURNAL), 'utf8')) as Journal;
  const last = journal.entries.at(-1);
  journal.entries.push({
    idx: (last?.idx ?? -1) + 1,
    version: last?.version ?? '7',
    when: Math.max(Date.now(), (last?.when ?? 0) + 1),
    tag: migrationTag,
    breakpoints: true,
  });

  const files: Record<string, string> = {
    [`contracts/${name}.ts`]: `import { z } from 'zod';

/** ${title} (ADR ${pad(decision)}): what the screen and the API say, and the shape of an item. */
export const ${M} = {
  nameRequired: '名前を入力してください。',
  nameTooLong: '名前は100文字以内で入力してください。',
  empty: 'まだ登録はありません。',
} as const;

export const ${c}ItemSchema = z.object({
  id: z.number().int().positive(),
  name: z.string({ error: ${M}.nameRequired }).trim().min(1, ${M}.nameRequired).max(100, ${M}.nameTooLong),
  created_at: z.string(),
});
export type ${P}Item = z.infer<typeof ${c}ItemSchema>;

export const ${c}ListSchema = z.object({ items: z.array(${c}ItemSchema) });
export type ${P}List = z.infer<typeof ${c}ListSchema>;
`,
    [`server/features/${name}/schema.ts`]: `import { pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** ${title} (ADR ${pad(decision)}): one row per item. Migration ${migrationTag}.sql creates it. */
export const ${c} = pgTable('${table}', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
`,
    [`${MIGRATIONS}/${migrationTag}.sql`]: `-- ADR ${pad(decision)}: ${title} — the table of server/features/${name}/schema.ts.
CREATE TABLE "${table}" (
\t"id" serial PRIMARY KEY NOT NULL,
\t"name" text NOT NULL,
\t"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
`,
    [JOURNAL]: `${JSON.stringify(journal, null, 2)}\n`,
    [`server/features/${name}/repo.ts`]: `import { desc } from 'drizzle-orm';
import type { ${P}Item } from '../../../contracts/${name}.ts';
import type { Db } from '../../platform/db/client.ts';
import { ${c} } from './schema.ts';

/** The newest items first, 50 at most. */
export async function listItems(db: Db): Promise<${P}Item[]> {
  const rows = await db.select().from(${c}).orderBy(desc(${c}.id)).limit(50);
  return rows.map((r) => ({ id: r.id, name: r.name, created_at: r.createdAt.toISOString() }));
}
`,
    [`server/features/${name}/service.ts`]: `import type { ${P}List } from '../../../contracts/${name}.ts';
import type { Db } from '../../platform/db/client.ts';
import * as repo from './repo.ts';

/** What the service needs from the app: given by routes.ts, made by hand in tests. */
export interface ${P}Deps {
  db: Db;
}

/** ${title} (ADR ${pad(decision)}): the rules live here, the SQL in repo.ts. */
export class ${P}Service {
  constructor(private readonly deps: ${P}Deps) {}

  async list(): Promise<${P}List> {
    return { items: await repo.listItems(this.deps.db) };
  }
}
`,
    [`server/features/${name}/routes.ts`]: `import type { FastifyPluginAsync } from 'fastify';
import { errorSchema } from '../../../contracts/common.ts';
import { ${c}ListSchema } from '../../../contracts/${name}.ts';
import type { ZodTypeProvider } from '../../platform/plugins/zod.ts';
import { ${P}Service } from './service.ts';

const errors = { 401: errorSchema, 403: errorSchema };

/** ${title} (ADR ${pad(decision)}): staff read the items on \`${path}\`. */
export const ${c}Routes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = new ${P}Service({ db: app.db });

  app.get(
    '${api}',
    { config: { access: 'staff' }, schema: { response: { 200: ${c}ListSchema, ...errors } } },
    () => service.list(),
  );
};
`,
    [`server/features/${name}/feature.ts`]: `import type { Feature } from '../../platform/feature.ts';
import { ${c}Routes } from './routes.ts';

/** What this feature gives the app (ADR 0005): listed by one line in ../list.ts. */
export const feature: Feature = { name: '${name}', routes: ${c}Routes };
`,
    [`src/features/${name}/api/list-${name}.ts`]: `import { ${c}ListSchema } from '../../../../contracts/${name}.ts';
import { call } from '../../../platform/request/request.ts';

/** GET ${api} (staff): the newest items first. */
export function list${P}(signal?: AbortSignal) {
  return call(${c}ListSchema, { method: 'GET', path: '${api}' }, signal ? { signal } : {});
}
`,
    [`src/features/${name}/${P}Page.tsx`]: `import { ${M} } from '../../../contracts/${name}.ts';
import { useResource } from '../../platform/request/hooks.ts';
import { FormAlert } from '../../platform/ui/Field.tsx';
import { formatDate } from '../../platform/ui/format.ts';
import { PageLoading } from '../../platform/ui/LoadingOverlay.tsx';
import { Card, EmptyState, PageFrame } from '../../platform/ui/Page.tsx';
import { list${P} } from './api/list-${name}.ts';

/** ${title} (ADR ${pad(decision)}): staff see the items, newest first. */
export default function ${P}Page() {
  const list = useResource((signal) => list${P}(signal), '${name}');
  return (
    <PageFrame title="${title}">
      {list.state === 'loading' && <PageLoading label="読み込んでいます…" />}
      {list.state === 'failed' && <FormAlert role="alert">{list.error.message}</FormAlert>}
      {list.state === 'done' && list.data.items.length === 0 && <EmptyState title={${M}.empty} />}
      {list.state === 'done' && list.data.items.length > 0 && (
        <Card>
          <ul aria-label="${title}">
            {list.data.items.map((item) => (
              <li key={item.id}>
                {item.name}（{formatDate(item.created_at)}）
              </li>
            ))}
          </ul>
        </Card>
      )}
    </PageFrame>
  );
}
`,
    [`src/features/${name}/routes.ts`]: `import type { RouteDef } from '../../platform/routing.ts';

/** The screens of this feature (ADR ${pad(decision)}), with their titles, descriptions and access. */
export const routes: RouteDef[] = [
  {
    path: '${path}',
    title: '${title}',
    description: '${title}の画面です。運営スタッフが登録内容を確認します。',
    access: 'staff',
    footer: false,
    load: () => import('./${P}Page.tsx'),
  },
];
`,
    [`src/features/${name}/menu.ts`]: `import type { MenuEntry } from '../../platform/menu.ts';

/**
 * The side-menu items of this feature (seed spec section 2): none yet; staff open \`${path}\` from the admin
 * menu (index.ts). An item is \`{ appearance, order, icon, item: () => ({ kind: 'link', label, href }) }\`,
 * and the side-menu tests list its target.
 */
export const menu: MenuEntry[] = [];
`,
    [`src/features/${name}/index.ts`]: `import type { AdminLink, ClientFeature } from '../../platform/routing.ts';
import { routes } from './routes.ts';

const adminLinks: AdminLink[] = [{ href: '${path}', label: '${title}', note: '登録内容の確認' }];

export const feature: ClientFeature = {
  name: '${name}',
  routes,
  menu: () => import('./menu.ts'),
  adminLinks,
};
`,
    [`tests/server/${name}.test.ts`]: `import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ${c}ListSchema } from '../../contracts/${name}.ts';
import { ${c} } from '../../server/features/${name}/schema.ts';
import type { TestApp } from '../support/app.ts';
import { createAccountsApp, loginAs } from './helpers.ts';

/** ADR ${pad(decision)}: ${title} — staff read the items, newest first. */
describe('ADR ${pad(decision)}: GET ${api}', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createAccountsApp('pglite');
  });
  afterAll(async () => {
    await t.close();
  });

  it('ADR ${pad(decision)}: staff get the items, newest first', async () => {
    await t.app.db.insert(${c}).values([{ name: '一件目' }, { name: '二件目' }]);
    const staff = await loginAs(t, 'staff@example.com');
    const res = await staff.get('${api}');
    expect(res.statusCode, res.body).toBe(200);
    const { items } = ${c}ListSchema.parse(res.json());
    expect(items.map((i) => i.name).slice(0, 2)).toEqual(['二件目', '一件目']);
  });

  it('ADR ${pad(decision)}: a focustar is refused', async () => {
    const supporter = await loginAs(t, 'supporter@example.com');
    expect((await supporter.get('${api}')).statusCode).toBe(403);
  });
});
`,
    [`tests/components/${name}.test.tsx`]: `// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ${M}, type ${P}Item } from '../../contracts/${name}.ts';

const answer = vi.hoisted(() => ({ items: [] as ${P}Item[] }));
vi.mock('../../src/features/${name}/api/list-${name}.ts', () => ({
  list${P}: async () => ({ items: answer.items }),
}));
const { default: ${P}Page } = await import('../../src/features/${name}/${P}Page.tsx');

afterEach(() => cleanup());

describe('ADR ${pad(decision)}: ${path}', () => {
  it('ADR ${pad(decision)}: lists the items with their dates', async () => {
    answer.items = [{ id: 1, name: '一件目', created_at: '2026-11-26T01:00:00.000Z' }];
    render(<${P}Page />);
    expect(await screen.findByText(/一件目（2026年11月26日（木）/)).toBeTruthy();
  });

  it('ADR ${pad(decision)}: says so when there is nothing yet', async () => {
    answer.items = [];
    render(<${P}Page />);
    expect(await screen.findByText(${M}.empty)).toBeTruthy();
  });
});
`,
    [`tests/server/access/${name}.ts`]: `import { type Row, STAFF } from './table.ts';

/** The authorisation rows of the ${name} feature (ADR ${pad(decision)}): staff only. */
export const rows: Row[] = [{ route: 'GET ${api}', url: '${api}', expect: STAFF(200) }];
`,
    [`${DECISIONS}/${adr}.md`]: `# ${pad(decision)} ${title}

Date: ${new Date().toISOString().slice(0, 10)}
Status: Proposed

## Context

(What the spec or the issue asks for, and why this is a feature of its own.)

## Decision

\`contracts/${name}.ts\`, \`server/features/${name}/\` (table \`${table}\`, migration ${migrationTag}),
\`src/features/${name}/\` (\`${path}\`, staff), made by \`npm run new:feature ${name}\` (ADR 0172).

## Consequences

(What this makes easy or hard; what is left for later.)
`,
  };

  // The generated list of reserved screen names follows the routes (ADR 0172).
  const names = new Set(routeScreenNames(root));
  names.add(path.slice(1));
  files[ROUTE_NAMES_FILE] = renderRouteScreenNames([...names].sort());

  const lines = [
    { file: 'server/features/list.ts', line: `export { feature as ${c} } from './${name}/feature.ts';` },
    { file: 'server/features/schema.ts', line: `export * from './${name}/schema.ts';` },
    {
      file: 'src/app/features.ts (its imports)',
      line: `import { feature as ${c} } from '../features/${name}/index.ts';`,
    },
    { file: 'src/app/features.ts (LISTED)', line: `  ${c},` },
    { file: 'tests/components/route-table.test.ts (PRODUCT_DESIGN_SIGNED_IN)', line: `  '${path}',` },
  ];
  // Written as `npm run format` would write them, whatever the name's length.
  for (const [file, text] of Object.entries(files)) {
    if (!/\.(tsx?|json|md)$/.test(file)) continue;
    const filepath = join(root, file);
    files[file] = await prettier.format(text, { ...(await prettier.resolveConfig(filepath)), filepath });
  }
  return { files, lines };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const titleAt = args.indexOf('--title');
  const title = titleAt >= 0 ? args[titleAt + 1] : undefined;
  const name = args.find((a, i) => !a.startsWith('--') && i !== titleAt + 1);
  if (!name) {
    console.error('usage: npm run new:feature <kebab-name> [-- --title 日本語の画面名] [--dry-run]');
    process.exit(2);
  }
  const result = await scaffold(name, title ? { title } : {});
  if (args.includes('--dry-run')) {
    console.log(JSON.stringify(result, null, 2));
  } else {
    for (const [file, text] of Object.entries(result.files)) {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, text);
      console.log(`wrote ${file}`);
    }
    execSync('npm run -s docs:decisions', { stdio: 'inherit' });
    console.log('\nAdd one line to each feature list:');
    for (const l of result.lines) console.log(`  ${l.file}:\n    ${l.line}`);
    console.log(
      '\nThen commit the migration and the ADR at once (their numbers are the next free ones now).',
    );
  }
}
