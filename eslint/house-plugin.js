/**
 * The house's own import rules (ADR 0005): `house/no-restricted-paths` (zones of folders that may not
 * import other folders) and `house/no-cycle` (no import cycle through relative imports).
 *
 * Written here rather than taken from eslint-plugin-import-x because that plugin needs unrs-resolver,
 * whose platform packages are not all on the registry this project installs from: `npm ci` refused the
 * lock file on a fresh clone (ADR 0004). Both rules look at relative specifiers only: the project has
 * no path aliases, and packages are outside every zone.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, isAbsolute, join, relative, resolve, sep } from 'node:path';

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

export default {
  meta: { name: 'house' },
  rules: { 'no-restricted-paths': noRestrictedPaths, 'no-cycle': noCycle },
};
