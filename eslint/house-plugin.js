/**
 * The house's own import rules (ADR 0005): `house/no-restricted-paths` (zones of folders that may not
 * import other folders) and `house/no-cycle` (no import cycle through relative imports); and its data
 * access rules (ADR 0182): `house/sql-in-repo` (SQL and query builders only in a feature's repo files) and
 * `house/own-tables` (a feature writes only the tables of its own schema.ts).
 *
 * Written here rather than taken from eslint-plugin-import-x because that plugin needs unrs-resolver,
 * whose platform packages are not all on the registry this project installs from: `npm ci` refused the
 * lock file on a fresh clone (ADR 0004). Both rules look at relative specifiers only: the project has
 * no path aliases, and packages are outside every zone.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, extname, isAbsolute, join, relative, resolve, sep } from 'node:path';

const EXTENSIONS = ['.ts', '.tsx', '.js', '.mjs'];

/** The file a relative specifier names, as the bundler and tsx resolve it; the bare path when none. */
export function resolveSpecifier(fromFile, specifier) {
  if (!specifier.startsWith('.') && !isAbsolute(specifier)) return null;
  const base = resolve(dirname(fromFile), specifier);
  const candidates = [base];
  if (extname(base) === '.js') candidates.push(base.slice(0, -3) + '.ts', base.slice(0, -3) + '.tsx');
  for (const ext of EXTENSIONS) candidates.push(base + ext);
  for (const ext of EXTENSIONS) candidates.push(join(base, `index${ext}`));
  for (const candidate of candidates) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return base;
}

const inside = (path, folder) => path === folder || path.startsWith(folder + sep);

/** Every specifier of the file being linted: static imports and re-exports, dynamic imports. */
function specifierNodes(node) {
  switch (node.type) {
    case 'ImportDeclaration':
    case 'ExportNamedDeclaration':
    case 'ExportAllDeclaration':
      return node.source ? [node.source] : [];
    case 'ImportExpression':
      return node.source.type === 'Literal' ? [node.source] : [];
    default:
      return [];
  }
}

/**
 * Issue 28 (b), ADR 0163: the fixed start of a computed dynamic import, `import(\`../x/${y}\`)` or
 * `import('../x/' + y)`, as a specifier: up to its last `/` it names the folder the import can reach (a
 * template without expressions is the whole specifier). Null when nothing of it is fixed.
 */
function computedPrefix(source) {
  const fixedStart = (text, computed) =>
    computed
      ? { specifier: text.slice(0, text.lastIndexOf('/') + 1), whole: false }
      : { specifier: text, whole: true };
  if (source.type === 'TemplateLiteral') {
    return fixedStart(source.quasis[0].value.cooked ?? '', source.expressions.length > 0);
  }
  if (source.type === 'BinaryExpression' && source.operator === '+') {
    const left = source.left;
    if (left.type === 'Literal' && typeof left.value === 'string') return fixedStart(left.value, true);
    if (left.type === 'TemplateLiteral' || left.type === 'BinaryExpression') {
      const inner = computedPrefix(left);
      return inner && fixedStart(inner.specifier, true);
    }
  }
  return null;
}

const typeOnly = (node) => node.importKind === 'type' || node.exportKind === 'type';

const noRestrictedPaths = {
  meta: {
    type: 'problem',
    docs: { description: 'Folders that may not import other folders (ADR 0005, ADR 0007).' },
    schema: [
      {
        type: 'object',
        properties: {
          zones: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                target: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
                from: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
                except: { type: 'array', items: { type: 'string' } },
                message: { type: 'string' },
              },
              required: ['target', 'from'],
              additionalProperties: false,
            },
          },
        },
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const root = context.cwd;
    const list = (value) => (Array.isArray(value) ? value : [value]).map((p) => resolve(root, p));
    const file = context.filename;
    const zones = (context.options[0]?.zones ?? [])
      .map((zone) => ({
        targets: list(zone.target),
        froms: list(zone.from).map((from) => ({
          from,
          except: (zone.except ?? []).map((p) => resolve(from, p)),
        })),
        message: zone.message,
      }))
      .filter((zone) => zone.targets.some((target) => inside(file, target)));
    if (zones.length === 0) return {};

    /** A computed dynamic import can reach every file under its folder: refused if that overlaps a zone. */
    function checkComputed(node) {
      const prefix = computedPrefix(node.source);
      if (!prefix || prefix.whole) return;
      const spec = prefix.specifier;
      if (!spec.startsWith('.') && !isAbsolute(spec)) return;
      const folder = resolve(dirname(file), spec);
      for (const zone of zones) {
        const hit = zone.froms.some(
          ({ from, except }) =>
            (inside(folder, from) || inside(from, folder)) && !except.some((e) => inside(folder, e)),
        );
        if (hit) {
          const shown = `${relative(root, folder) || '.'}/…`;
          context.report({
            node: node.source,
            message: `Unexpected path "${shown}" (a computed dynamic import) imported in restricted zone.${zone.message ? ` ${zone.message}` : ''}`,
          });
        }
      }
    }

    function check(node) {
      if (node.type === 'ImportExpression' && node.source.type !== 'Literal') {
        const prefix = computedPrefix(node.source);
        if (prefix?.whole) {
          checkSpecifier(node.source, prefix.specifier);
          return;
        }
        checkComputed(node);
        return;
      }
      for (const source of specifierNodes(node)) checkSpecifier(source, String(source.value));
    }

    function checkSpecifier(source, specifier) {
      const imported = resolveSpecifier(file, specifier);
      if (!imported) return;
      for (const zone of zones) {
        const hit = zone.froms.some(
          ({ from, except }) => inside(imported, from) && !except.some((e) => inside(imported, e)),
        );
        if (hit) {
          const shown = relative(root, imported);
          context.report({
            node: source,
            message: `Unexpected path "${shown}" imported in restricted zone.${zone.message ? ` ${zone.message}` : ''}`,
          });
        }
      }
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

/** Static value imports of a file on disk (type-only imports and dynamic imports make no cycle). */
const IMPORT_PATTERN =
  /(?:^|[;\n])\s*(?:import|export)\s+(type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"\n]+)['"]/g;
const graph = new Map();

function importsOf(file) {
  let mtime;
  try {
    mtime = statSync(file).mtimeMs;
  } catch {
    return [];
  }
  const cached = graph.get(file);
  if (cached && cached.mtime === mtime) return cached.imports;
  const text = readFileSync(file, 'utf8');
  const imports = [];
  for (const match of text.matchAll(IMPORT_PATTERN)) {
    if (match[1]) continue;
    const target = resolveSpecifier(file, match[2]);
    if (target && existsSync(target)) imports.push(target);
  }
  graph.set(file, { mtime, imports });
  return imports;
}

/** The import chain from `start` back to `goal`, or null: a depth-first walk over files on disk. */
function pathBack(start, goal) {
  const seen = new Set();
  const stack = [[start, [start]]];
  while (stack.length > 0) {
    const [file, chain] = stack.pop();
    if (file === goal) return chain;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const next of importsOf(file)) stack.push([next, [...chain, next]]);
  }
  return null;
}

const noCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'No import cycle through relative value imports (ADR 0005).' },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const root = context.cwd;
    function check(node) {
      if (typeOnly(node) || node.type === 'ImportExpression') return;
      for (const source of specifierNodes(node)) {
        const imported = resolveSpecifier(file, String(source.value));
        if (!imported || !existsSync(imported) || imported === file) continue;
        const chain = pathBack(imported, file);
        if (chain) {
          const shown = chain.map((p) => relative(root, p)).join(' → ');
          context.report({ node: source, message: `Dependency cycle detected: ${shown}.` });
        }
      }
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
    };
  },
};

// --- Data access (issue 28 (1), ADR 0182) --------------------------------------------------------------

/** A repo file: `repo.ts` or `repo-<topic>.ts` (also the table files, schema.ts, which hold no queries). */
const isRepoFile = (file) => /^repo(-[\w-]+)?\.ts$/.test(basename(file)) || basename(file) === 'schema.ts';

/** The drizzle query-builder entry points on a database or a transaction. */
const BUILDER_METHODS = new Set([
  'select',
  'selectDistinct',
  'selectDistinctOn',
  'insert',
  'update',
  'delete',
  '$count',
  'with',
]);

/**
 * A database handle as the house names it: `db`, `tx`, `trx`, `*Db`, `*Tx`, or a member `.db` / `.tx`
 * (`this.db`, `app.db`, `deps.db`, `this.deps.db`). Without types this is the name the code gives it.
 */
function isDbLike(node) {
  if (!node) return false;
  if (node.type === 'Identifier') return /^(db|tx|trx|database)$|(Db|Tx)$/.test(node.name);
  if (node.type === 'MemberExpression' && !node.computed && node.property.type === 'Identifier')
    return /^(db|tx|trx)$/.test(node.property.name);
  if (node.type === 'TSNonNullExpression') return isDbLike(node.expression);
  return false;
}

const sqlTag = (tag) =>
  (tag.type === 'Identifier' && tag.name === 'sql') ||
  (tag.type === 'MemberExpression' && tag.object.type === 'Identifier' && tag.object.name === 'sql');

const sqlInRepo = {
  meta: {
    type: 'problem',
    docs: { description: 'SQL and query builders of a server feature live in its repo files (ADR 0182).' },
    schema: [
      {
        type: 'object',
        properties: {
          /** Files (relative to the root) allowed for now, each with the reason in the config. */
          allow: { type: 'array', items: { type: 'string' } },
        },
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const file = context.filename;
    if (isRepoFile(file)) return {};
    const allowed = (context.options[0]?.allow ?? []).map((p) => resolve(context.cwd, p));
    if (allowed.includes(file)) return {};
    const where = ' belongs in a repo file (repo.ts or repo-*.ts) of this feature (ADR 0182).';
    return {
      TaggedTemplateExpression(node) {
        if (sqlTag(node.tag)) context.report({ node, message: `An sql\`…\` template${where}` });
      },
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier')
          return;
        const name = callee.property.name;
        if (callee.object.type === 'Identifier' && callee.object.name === 'sql') {
          context.report({ node, message: `sql.${name}(…)${where}` });
        } else if (name === 'execute') {
          context.report({ node, message: `A raw .execute(…) call${where}` });
        } else if (BUILDER_METHODS.has(name) && isDbLike(callee.object)) {
          context.report({ node, message: `A query builder call .${name}(…)${where}` });
        }
      },
      MemberExpression(node) {
        // db.query.<table>.findMany(…): drizzle's relational queries.
        if (
          !node.computed &&
          node.property.type === 'Identifier' &&
          node.property.name === 'query' &&
          isDbLike(node.object)
        )
          context.report({ node, message: `A relational query (.query)${where}` });
      },
    };
  },
};

/** Which feature (or `platform`) defines each table: read from the schema files, by table name and export. */
function tableOwners(root) {
  const byTable = new Map();
  const byExport = new Map();
  const read = (path, owner) => {
    if (!existsSync(path)) return;
    const text = readFileSync(path, 'utf8');
    for (const m of text.matchAll(/export const (\w+)\s*=\s*pgTable\(\s*['"](\w+)['"]/g)) {
      byTable.set(m[2], owner);
      byExport.set(m[1], { owner, table: m[2] });
    }
  };
  const features = join(root, 'server/features');
  if (existsSync(features))
    for (const entry of readdirSync(features, { withFileTypes: true }))
      if (entry.isDirectory()) read(join(features, entry.name, 'schema.ts'), entry.name);
  const platform = join(root, 'server/platform');
  if (existsSync(platform))
    for (const entry of readdirSync(platform, { withFileTypes: true }))
      if (entry.isFile() && entry.name.endsWith('.ts')) read(join(platform, entry.name), 'platform');
  return { byTable, byExport };
}
const ownersCache = new Map();

/** The words after which a table is written in SQL; `do update set` and `for update` name none. */
const WRITE_PATTERN =
  /\b(insert\s+into|update|delete\s+from)\s+(?:only\s+)?(?:("?)([a-z_][a-z0-9_]*)\2|\$\{\s*(\w+)\s*\})/gi;

const ownTables = {
  meta: {
    type: 'problem',
    docs: {
      description:
        "A server feature writes only the tables its own schema.ts defines; another feature's rows change through that feature's service (ADR 0182).",
    },
    schema: [
      {
        type: 'object',
        properties: {
          /** Tables no schema.ts defines (created by a migration only), with the feature that owns each. */
          tables: { type: 'object', additionalProperties: { type: 'string' } },
          /** `path:table` pairs allowed for now, each with its reason in the config. */
          allow: { type: 'array', items: { type: 'string' } },
        },
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const root = context.cwd;
    const file = context.filename;
    const featuresDir = join(root, 'server/features') + sep;
    if (!file.startsWith(featuresDir)) return {};
    const feature = file.slice(featuresDir.length).split(sep)[0];
    if (!feature || feature.endsWith('.ts')) return {};
    if (!ownersCache.has(root)) ownersCache.set(root, tableOwners(root));
    const { byTable, byExport } = ownersCache.get(root);
    const extra = context.options[0]?.tables ?? {};
    const allow = new Set(context.options[0]?.allow ?? []);
    const shown = relative(root, file).split(sep).join('/');
    const ownerOf = (table) => extra[table] ?? byTable.get(table);

    /** Imported names of this file that are tables: local name -> { owner, table }. */
    const imported = new Map();

    function report(where, verb, table, owner) {
      if (owner === undefined || owner === feature || allow.has(`${shown}:${table}`)) return;
      const whose = owner === 'platform' ? 'the platform' : `the ${owner} feature`;
      context.report({
        ...(where.loc && !where.type ? { loc: where.loc } : { node: where }),
        message: `${shown} ${verb} table "${table}" of ${whose}: call that feature's service (or platform function) instead; a feature writes only the tables of its own schema.ts (ADR 0182).`,
      });
    }

    return {
      ImportDeclaration(node) {
        if (node.importKind === 'type') return;
        const source = String(node.source.value);
        const target = resolveSpecifier(file, source);
        if (!target) return;
        const rel = relative(root, target).split(sep).join('/');
        const m = /^server\/features\/([^/]+)\/schema\.ts$/.exec(rel);
        const fromSchema = m || rel === 'server/features/schema.ts' || rel.startsWith('server/platform/');
        if (!fromSchema) return;
        for (const spec of node.specifiers) {
          if (spec.type !== 'ImportSpecifier') continue;
          const name = spec.imported.type === 'Identifier' ? spec.imported.name : String(spec.imported.value);
          const known = byExport.get(name);
          if (known) imported.set(spec.local.name, known);
        }
      },
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier')
          return;
        const verb = { insert: 'inserts into', update: 'updates', delete: 'deletes from' }[
          callee.property.name
        ];
        const arg = node.arguments[0];
        if (!verb || !arg || arg.type !== 'Identifier') return;
        const known = imported.get(arg.name);
        if (known) report(node, verb, known.table, known.owner);
      },
      TemplateLiteral(node) {
        // Read in the source text, so that `update ${users}` counts as well as `update users`, and the
        // report points at the line of the statement inside a long template.
        const source = context.sourceCode;
        const text = source.getText(node);
        for (const m of text.matchAll(WRITE_PATTERN)) {
          const verb = /^insert/i.test(m[1])
            ? 'inserts into'
            : /^update/i.test(m[1])
              ? 'updates'
              : 'deletes from';
          const known = m[4] ? imported.get(m[4]) : undefined;
          const table = m[4] ? known?.table : m[3].toLowerCase();
          const owner = m[4] ? known?.owner : ownerOf(table);
          if (table === undefined) continue;
          const start = source.getLocFromIndex(node.range[0] + m.index);
          const end = source.getLocFromIndex(node.range[0] + m.index + m[0].length);
          report({ loc: { start, end } }, verb, table, owner);
        }
      },
    };
  },
};

export default {
  meta: { name: 'house' },
  rules: {
    'no-restricted-paths': noRestrictedPaths,
    'no-cycle': noCycle,
    'sql-in-repo': sqlInRepo,
    'own-tables': ownTables,
  },
};
