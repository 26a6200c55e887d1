import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { adWizardMachine } from './adWizardMachine.ts';
import { authMachine } from './authMachine.ts';
import { requestMachine } from './requestMachine.ts';
import { sideMenuMachine } from './sideMenuMachine.ts';

/**
 * Mermaid state diagrams drawn from the machine definitions themselves (`npm run
 * machines:diagrams` writes them into docs/machines/; a test fails when a committed one is stale).
 */
export const DIAGRAM_MACHINES: Record<string, AnyStateMachine> = {
  authMachine,
  sideMenuMachine,
  requestMachine,
  adWizardMachine,
};

const mermaidId = (node: AnyStateNode) => node.id.replace(/[^A-Za-z0-9_]/g, '_');

function eventLabel(td: AnyTransitionDefinition, machine: AnyStateMachine): string {
  const type = td.eventType;
  let label: string;
  if (type === '') label = 'always';
  else if (type === '*') label = '* (unknown event)';
  else if (type.startsWith('xstate.done.actor.')) label = `done(${type.slice('xstate.done.actor.'.length)})`;
  else if (type.startsWith('xstate.error.actor.'))
    label = `error(${type.slice('xstate.error.actor.'.length)})`;
  else if (type.startsWith('xstate.after.')) {
    const delay = type.split('.')[2] ?? '';
    const ms = (machine.implementations.delays as Record<string, unknown>)[delay];
    label = `after ${delay}${typeof ms === 'number' ? ` (${ms} ms)` : ''}`;
  } else label = type;
  const guard = td.guard
    ? typeof td.guard === 'string'
      ? td.guard
      : ((td.guard as { type?: string }).type ?? 'guard')
    : null;
  return guard ? `${label} [${guard}]` : label;
}

function renderNode(node: AnyStateNode, machine: AnyStateMachine, indent: string, lines: string[]): void {
  const children = Object.values(node.states) as AnyStateNode[];
  if (children.length) {
    const initial = node.initial?.target?.[0] as AnyStateNode | undefined;
    if (initial) lines.push(`${indent}[*] --> ${mermaidId(initial)}`);
    for (const child of children) {
      if (Object.keys(child.states).length) {
        lines.push(`${indent}state "${child.key}" as ${mermaidId(child)} {`);
        renderNode(child, machine, `${indent}  `, lines);
        lines.push(`${indent}}`);
      } else {
        lines.push(`${indent}state "${child.key}" as ${mermaidId(child)}`);
      }
      if (child.type === 'final') lines.push(`${indent}${mermaidId(child)} --> [*]`);
    }
  }
}

function renderTransitions(machine: AnyStateMachine, lines: string[]): void {
  const visit = (node: AnyStateNode) => {
    const tds: AnyTransitionDefinition[] = [];
    for (const list of node.transitions.values()) tds.push(...list);
    tds.push(...(node.always ?? []));
    for (const td of tds) {
      const targets = (td.target as AnyStateNode[] | undefined) ?? [];
      // Root-level transitions are drawn from a note-like pseudo state: they apply in every state.
      const source = node === machine.root ? 'any_state' : mermaidId(node);
      const label = eventLabel(td, machine);
      if (!targets.length) lines.push(`  ${source} --> ${source} : ${label}`);
      for (const target of targets) {
        lines.push(`  ${source} --> ${target === machine.root ? source : mermaidId(target)} : ${label}`);
      }
    }
    for (const child of Object.values(node.states) as AnyStateNode[]) visit(child);
  };
  visit(machine.root);
}

export function renderMermaid(machine: AnyStateMachine): string {
  const lines = ['stateDiagram-v2'];
  const rootHasTransitions = [...machine.root.transitions.values()].some((l) => l.length);
  if (rootHasTransitions) lines.push('  state "(any state)" as any_state');
  renderNode(machine.root, machine, '  ', lines);
  renderTransitions(machine, lines);
  return `${lines.join('\n')}\n`;
}

export function renderDiagramDoc(name: string, machine: AnyStateMachine): string {
  return [
    `# ${name}`,
    '',
    `Generated from \`machines/${name}.ts\` by \`npm run machines:diagrams\`; do not edit by hand.`,
    '',
    '```mermaid',
    renderMermaid(machine).trimEnd(),
    '```',
    '',
  ].join('\n');
}
