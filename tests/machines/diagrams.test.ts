import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIAGRAM_MACHINES, renderDiagramDoc, renderMermaid } from '../../machines/diagrams.ts';
import { ROOT_DIR } from '../../server/platform/version.ts';

describe('machine diagrams in docs/machines (issue 3)', () => {
  it.each(Object.entries(DIAGRAM_MACHINES))('the committed diagram of %s is up to date', (name, machine) => {
    const committed = readFileSync(join(ROOT_DIR, 'docs/machines', `${name}.md`), 'utf8');
    // On failure: run `npm run machines:diagrams` and commit docs/machines/.
    expect(committed).toBe(renderDiagramDoc(name, machine));
  });

  it('draws every state and the 100 ms menu close (seed spec section 9)', () => {
    const menu = renderMermaid(DIAGRAM_MACHINES.sideMenuMachine!);
    expect(menu).toContain('sideMenu_closing --> sideMenu_closed : after menuCloseDelay (100 ms)');
    const request = renderMermaid(DIAGRAM_MACHINES.requestMachine!);
    for (const state of [
      'sending',
      'refreshing',
      'refreshingCsrf',
      'retrying',
      'success',
      'failed',
      'cancelled',
    ]) {
      expect(request).toContain(`state "${state}" as request_${state}`);
    }
    // Issue 13: the request wizard, with its image upload.
    const wizard = renderMermaid(DIAGRAM_MACHINES.adWizardMachine!);
    expect(wizard).toContain('adWizard_editing --> adWizard_uploading : wizard.addImages');
  });
});
