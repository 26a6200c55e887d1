import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import type { AnyStateMachine } from 'xstate';
import { ROOT_DIR } from '../../server/platform/version.ts';

/**
 * Issue 28 (g), ADR 0163: mutants of what a machine COMPUTES, beside the structural ones of mutation.ts.
 * The operators edit the machine's source file, in two places only:
 * - guard-condition: the body of every guard named in `setup({ guards })`;
 * - assign-body: the body of every `assign(...)` (named in `setup({ actions })` or inline);
 * and change, one at a time: a comparison (`<` ↔ `<=`, `>` ↔ `>=`, `===` ↔ `!==`), a logical operator
 * (`&&` ↔ `||`), a `!` (removed), a boolean (flipped), a number (+1), arithmetic (`+` ↔ `-`), and in an
 * assign a property of the assigned object (dropped: the field keeps its old value).
 *
 * A mutant is the machine module rebuilt from the edited text: written to a temporary file whose imports
 * point at the real modules (absolute URLs, so xstate and the contracts are the same instances), then
 * imported through tsx like the original.
 */

export type SourceOperator = 'guard-condition' | 'assign-body';

export interface SourceEdit {
  /** Stable name (no line numbers): operator, where, what, and the index among equal edits there. */
  id: string;
  operator: SourceOperator;
  start: number;
  end: number;
  replacement: string;
}

const SWAPS: Partial<Record<ts.SyntaxKind, string>> = {
  [ts.SyntaxKind.LessThanToken]: '<=',
  [ts.SyntaxKind.LessThanEqualsToken]: '<',
  [ts.SyntaxKind.GreaterThanToken]: '>=',
  [ts.SyntaxKind.GreaterThanEqualsToken]: '>',
  [ts.SyntaxKind.EqualsEqualsEqualsToken]: '!==',
  [ts.SyntaxKind.ExclamationEqualsEqualsToken]: '===',
  [ts.SyntaxKind.AmpersandAmpersandToken]: '||',
  [ts.SyntaxKind.BarBarToken]: '&&',
  [ts.SyntaxKind.PlusToken]: '-',
  [ts.SyntaxKind.MinusToken]: '+',
};

const squeeze = (text: string) => text.replace(/\s+/g, ' ').slice(0, 60);

/** The regions to mutate: each guard of `setup({ guards })`, each `assign(...)` argument. */
function regionsOf(source: ts.SourceFile): { operator: SourceOperator; label: string; node: ts.Node }[] {
  const regions: { operator: SourceOperator; label: string; node: ts.Node }[] = [];
  const nameOf = (p: ts.ObjectLiteralElementLike) => (p.name && ts.isIdentifier(p.name) ? p.name.text : '?');
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
      const callee = node.expression.text;
      const [arg] = node.arguments;
      if (callee === 'setup' && arg && ts.isObjectLiteralExpression(arg)) {
        for (const prop of arg.properties) {
          if (
            nameOf(prop) === 'guards' &&
            ts.isPropertyAssignment(prop) &&
            ts.isObjectLiteralExpression(prop.initializer)
          ) {
            for (const guard of prop.initializer.properties)
              regions.push({ operator: 'guard-condition', label: nameOf(guard), node: guard });
          }
        }
      }
      if (callee === 'assign' && arg) {
        // Named in setup({ actions: { name: assign(...) } }), else inline: named by where it sits in the
        // config (`states.saving.invoke.onDone`).
        const parent = node.parent;
        const named =
          ts.isPropertyAssignment(parent) &&
          ts.isIdentifier(parent.name) &&
          ts.isObjectLiteralExpression(parent.parent) &&
          ts.isPropertyAssignment(parent.parent.parent) &&
          nameOf(parent.parent.parent) === 'actions' &&
          isSetupArgument(parent.parent.parent.parent);
        const label = named ? (parent.name as ts.Identifier).text : `inline ${configPathOf(node, source)}`;
        regions.push({ operator: 'assign-body', label, node: arg });
        return;
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return regions;
}

const isSetupArgument = (node: ts.Node) =>
  ts.isObjectLiteralExpression(node) &&
  ts.isCallExpression(node.parent) &&
  ts.isIdentifier(node.parent.expression) &&
  node.parent.expression.text === 'setup';

/** The property names from the machine config down to `node`: `states.saving.invoke.onDone.actions`. */
function configPathOf(node: ts.Node, source: ts.SourceFile): string {
  const names: string[] = [];
  for (let n: ts.Node | undefined = node.parent; n && !ts.isSourceFile(n); n = n.parent) {
    if (ts.isPropertyAssignment(n)) names.unshift(n.name.getText(source).replace(/^['"]|['"]$/g, ''));
    if (ts.isCallExpression(n) && n.expression.getText(source).endsWith('createMachine')) break;
  }
  return names.join('.');
}

/** Every source edit of a machine file, in a stable order. */
export function sourceEditsOf(text: string, fileName = 'machine.ts'): SourceEdit[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const edits: SourceEdit[] = [];
  const seen = new Map<string, number>();
  for (const region of regionsOf(source)) {
    const add = (start: number, end: number, replacement: string, what: string) => {
      const key = `${region.operator} ${region.label}: ${what}`;
      const n = seen.get(key) ?? 0;
      seen.set(key, n + 1);
      edits.push({
        id: `${region.operator} ${region.label}: ${what}${n ? ` (#${n + 1})` : ''}`,
        operator: region.operator,
        start,
        end,
        replacement,
      });
    };
    const visit = (node: ts.Node) => {
      if (ts.isBinaryExpression(node)) {
        const swap = SWAPS[node.operatorToken.kind];
        if (swap) {
          const op = node.operatorToken;
          add(
            op.getStart(source),
            op.getEnd(),
            swap,
            `${squeeze(node.getText(source))} [${op.getText(source)} → ${swap}]`,
          );
        }
      } else if (ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.ExclamationToken) {
        add(
          node.getStart(source),
          node.getEnd(),
          node.operand.getText(source),
          `${squeeze(node.getText(source))} [drop !]`,
        );
      } else if (node.kind === ts.SyntaxKind.TrueKeyword || node.kind === ts.SyntaxKind.FalseKeyword) {
        const flipped = node.kind === ts.SyntaxKind.TrueKeyword ? 'false' : 'true';
        add(node.getStart(source), node.getEnd(), flipped, `${node.getText(source)} → ${flipped}`);
      } else if (ts.isNumericLiteral(node)) {
        const next = String(Number(node.text) + 1);
        add(node.getStart(source), node.getEnd(), next, `${node.text} → ${next}`);
      } else if (
        region.operator === 'assign-body' &&
        (ts.isPropertyAssignment(node) || ts.isShorthandPropertyAssignment(node)) &&
        ts.isObjectLiteralExpression(node.parent) &&
        isAssignedObject(node.parent, region.node)
      ) {
        // Drop the property with its comma: the field keeps its old value.
        const list = node.parent.properties;
        const end =
          list.hasTrailingComma || node !== list[list.length - 1]
            ? skipComma(text, node.getEnd())
            : node.getEnd();
        add(node.getStart(source), end, '', `drop ${node.name.getText(source)}`);
      }
      ts.forEachChild(node, visit);
    };
    visit(region.node);
  }
  return edits;
}

/** Whether `object` is what the assign assigns: its argument, or what its function argument returns. */
function isAssignedObject(object: ts.ObjectLiteralExpression, assignArg: ts.Node): boolean {
  if (object === assignArg) return true;
  const fn = assignArg;
  if (!ts.isArrowFunction(fn) && !ts.isFunctionExpression(fn)) return false;
  let body: ts.Node = fn.body;
  while (ts.isParenthesizedExpression(body)) body = body.expression;
  if (body === object) return true;
  if (!ts.isBlock(body)) return false;
  let found = false;
  const visit = (n: ts.Node) => {
    if (n !== body && (ts.isArrowFunction(n) || ts.isFunctionExpression(n) || ts.isFunctionDeclaration(n)))
      return;
    if (ts.isReturnStatement(n) && n.expression) {
      let e: ts.Node = n.expression;
      while (ts.isParenthesizedExpression(e)) e = e.expression;
      if (e === object) found = true;
    }
    ts.forEachChild(n, visit);
  };
  visit(body);
  return found;
}

function skipComma(text: string, from: number): number {
  const m = /^\s*,/.exec(text.slice(from));
  return m ? from + m[0].length : from;
}

/** The source with one edit applied and every import pointing at the real module. */
export function mutatedSource(text: string, file: string, edit: SourceEdit): string {
  const edited = text.slice(0, edit.start) + edit.replacement + text.slice(edit.end);
  const source = ts.createSourceFile(file, edited, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  let out = edited;
  const specs: ts.StringLiteral[] = [];
  for (const statement of source.statements) {
    if (
      (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier)
    )
      specs.push(statement.moduleSpecifier);
  }
  for (const spec of specs.reverse()) {
    const s = spec.text;
    const url = s.startsWith('.') ? pathToFileURL(resolve(dirname(file), s)).href : import.meta.resolve(s);
    out = `${out.slice(0, spec.getStart(source))}'${url}'${out.slice(spec.getEnd())}`;
  }
  return out;
}

const MUTANT_DIR = join(tmpdir(), `focustar-machine-mutants-${process.pid}`);
let loaded = 0;

/** The machine `exportName` of `file` with `edit` applied (a fresh module each time). */
export async function loadSourceMutant(
  file: string,
  exportName: string,
  edit: SourceEdit,
): Promise<AnyStateMachine> {
  const text = readFileSync(file, 'utf8');
  mkdirSync(MUTANT_DIR, { recursive: true });
  const target = join(MUTANT_DIR, `${basename(file, '.ts')}-${++loaded}.mts`);
  writeFileSync(target, mutatedSource(text, file, edit));
  const mod = (await import(pathToFileURL(target).href)) as Record<string, AnyStateMachine>;
  const machine = mod[exportName];
  if (!machine) throw new Error(`${target} does not export ${exportName}`);
  return machine;
}

/** A machine's file, by the house rule: machines/<name>.ts exports <name>. */
export const machineFile = (name: string) => join(ROOT_DIR, 'machines', `${name}.ts`);
