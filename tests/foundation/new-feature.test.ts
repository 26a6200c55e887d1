import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import {
  renderRouteScreenNames,
  routeScreenNames,
  OUT as ROUTE_NAMES_FILE,
} from '../../scripts/screen-names.ts';
import { scaffold } from '../../scripts/new-feature.ts';

/**
 * Issue 28 (5), ADR 0172: `npm run new:feature <name>` scaffolds a working feature; adding it is the scaffold
 * plus one line in each feature list; screen names come from the routes. The scaffold's files are checked
 * where they would be written, without writing them: the TypeScript compiler reads them from memory over the
 * real tree (the project's options), ESLint lints their text under their real paths (the house rules).
 */
const ROOT = resolve(import.meta.dirname, '../..');
const NAME = 'zz-scaffold-probe';

function typecheck(files: Record<string, string>): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(ROOT, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  )!;
  const virtual = new Map(Object.entries(files).map(([p, text]) => [join(ROOT, p), text]));
  const host = ts.createCompilerHost(config.options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  host.readFile = (f) => virtual.get(f) ?? readFile(f);
  host.fileExists = (f) => virtual.has(f) || fileExists(f);
  // The new folders exist only in memory: module resolution asks for them.
  const dirs = new Set(
    [...virtual.keys()].flatMap((f) => f.split('/').map((_, i, a) => a.slice(0, i).join('/'))),
  );
  const directoryExists = host.directoryExists?.bind(host) ?? ts.sys.directoryExists;
  host.directoryExists = (d) => dirs.has(d.replace(/\/$/, '')) || directoryExists(d);
  const roots = [...virtual.keys()].filter((f) => /\.tsx?$/.test(f));
  // The generated files and the real files they are wired to (the lists they are added to are not needed:
  // the lists' lines are checked below).
  const program = ts.createProgram({
    rootNames: [...roots, join(ROOT, 'src/vite-env.d.ts')].filter((f) => virtual.has(f) || existsSync(f)),
    options: { ...config.options, noEmit: true, incremental: false },
    host,
  });
  // The generated files' own diagnostics (the rest of the tree is `npm run typecheck`'s).
  return roots
    .map((f) => program.getSourceFile(f)!)
    .flatMap((sf) => [...program.getSyntacticDiagnostics(sf), ...program.getSemanticDiagnostics(sf)])
    .map((d) => `${d.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
}

const result = await scaffold(NAME, { title: '点検用の機能', root: ROOT });

describe('issue 28 (5): npm run new:feature', () => {
  const paths = Object.keys(result.files);

  it('issue 28 (5): writes the contract, both slices, their tests, the authorisation rows, a migration and an ADR stub', () => {
    for (const p of [
      `contracts/${NAME}.ts`,
      `server/features/${NAME}/schema.ts`,
      `server/features/${NAME}/repo.ts`,
      `server/features/${NAME}/service.ts`,
      `server/features/${NAME}/routes.ts`,
      `server/features/${NAME}/feature.ts`,
      `src/features/${NAME}/api/list-${NAME}.ts`,
      `src/features/${NAME}/ZzScaffoldProbePage.tsx`,
      `src/features/${NAME}/routes.ts`,
      `src/features/${NAME}/menu.ts`,
      `src/features/${NAME}/index.ts`,
      `tests/server/${NAME}.test.ts`,
      `tests/components/${NAME}.test.tsx`,
      `tests/server/access/${NAME}.ts`,
    ]) {
      expect(paths, p).toContain(p);
      expect(existsSync(join(ROOT, p)), `${p} must not be in the tree`).toBe(false);
    }
    // The next free numbers at run time.
    const migration = paths.find((p) => p.startsWith('server/platform/db/migrations/0'))!;
    expect(migration).toMatch(/\/\d{4}_zz_scaffold_probe\.sql$/);
    expect(existsSync(join(ROOT, migration))).toBe(false);
    const journal = JSON.parse(result.files['server/platform/db/migrations/meta/_journal.json']!) as {
      entries: { idx: number; when: number; tag: string }[];
    };
    const [before, added] = journal.entries.slice(-2);
    expect(added!.tag).toBe(migration.split('/').at(-1)!.replace('.sql', ''));
    expect(added!.idx).toBe(before!.idx + 1);
    expect(added!.when).toBeGreaterThan(before!.when);
    expect(Number(added!.tag.slice(0, 4))).toBe(Number(before!.tag.slice(0, 4)) + 1);
    const adr = paths.find((p) => p.startsWith('docs/decisions/'))!;
    expect(existsSync(join(ROOT, adr))).toBe(false);
    expect(result.files[adr]).toMatch(/^# \d{4} 点検用の機能\n\nDate: .+\nStatus: .+/);
    // Japanese messages in the contract, a deps object in the service, access rules on the route.
    expect(result.files[`contracts/${NAME}.ts`]).toMatch(/を入力してください。/);
    expect(result.files[`server/features/${NAME}/service.ts`]).toMatch(/constructor\(private readonly deps:/);
    expect(result.files[`server/features/${NAME}/routes.ts`]).toMatch(/access: 'staff'/);
    expect(result.files[`src/features/${NAME}/api/list-${NAME}.ts`]).toMatch(
      /call\(\s*zzScaffoldProbeListSchema,/,
    );
  });

  it('issue 28 (5): prints one line per feature list, and the generated screen names gain the new route', () => {
    expect(result.lines.map((l) => l.line)).toEqual([
      "export { feature as zzScaffoldProbe } from './zz-scaffold-probe/feature.ts';",
      "export * from './zz-scaffold-probe/schema.ts';",
      "import { feature as zzScaffoldProbe } from '../features/zz-scaffold-probe/index.ts';",
      '  zzScaffoldProbe,',
      "  '/admin-zz-scaffold-probe',",
    ]);
    // The lists are one line per feature: each takes the shape of the lines already in it.
    const list = readFileSync(join(ROOT, 'server/features/list.ts'), 'utf8');
    expect(list).toMatch(/^export \{ feature as contact \} from '\.\/contact\/feature\.ts';$/m);
    expect(readFileSync(join(ROOT, 'server/features/schema.ts'), 'utf8')).toMatch(
      /^export \* from '\.\/contact\/schema\.ts';$/m,
    );
    const client = readFileSync(join(ROOT, 'src/app/features.ts'), 'utf8');
    expect(client).toMatch(/^import \{ feature as contact \} from '\.\.\/features\/contact\/index\.ts';$/m);
    expect(client).toMatch(/^ {2}contact,$/m);
    expect(result.files[ROUTE_NAMES_FILE]).toContain("  'admin-zz-scaffold-probe',");
  });

  it('issue 28 (5): contracts/route-screen-names.ts is what `npm run screen-names` writes from the routes', () => {
    expect(readFileSync(join(ROOT, ROUTE_NAMES_FILE), 'utf8')).toBe(
      renderRouteScreenNames(routeScreenNames(ROOT)),
    );
    expect(routeScreenNames(ROOT)).toEqual(
      expect.arrayContaining(['login', 'admin-menu', 'entries', 'oauth']),
    );
  });

  it('issue 28 (5): the scaffold typechecks with the project options', () => {
    expect(typecheck(result.files)).toEqual([]);
  }, 240_000);

  it('issue 28 (5): the scaffold passes the house lint rules (boundaries included)', async () => {
    const eslint = new ESLint({ cwd: ROOT });
    const problems: string[] = [];
    for (const [p, text] of Object.entries(result.files)) {
      if (!/\.tsx?$/.test(p)) continue;
      const [report] = await eslint.lintText(text, { filePath: join(ROOT, p) });
      for (const m of report?.messages ?? []) problems.push(`${p}:${m.line} ${m.ruleId ?? ''} ${m.message}`);
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it('issue 28 (5): refuses a name that is not kebab-case or already taken', async () => {
    await expect(scaffold('GiftCards', { root: ROOT })).rejects.toThrow(/kebab-case/);
    await expect(scaffold('contact', { root: ROOT })).rejects.toThrow(/already exists/);
  });
});
