import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DIAGRAM_MACHINES, renderDiagramDoc } from '../machines/diagrams.ts';
import { ROOT_DIR } from '../server/platform/version.ts';

/** `npm run machines:diagrams`: writes docs/machines/<machine>.md (Mermaid) from the machine definitions. */
const dir = join(ROOT_DIR, 'docs/machines');
mkdirSync(dir, { recursive: true });
for (const [name, machine] of Object.entries(DIAGRAM_MACHINES)) {
  const file = join(dir, `${name}.md`);
  writeFileSync(file, renderDiagramDoc(name, machine));
  console.log(`wrote ${file}`);
}
