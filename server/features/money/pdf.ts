import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';

/**
 * Japanese text in pdfkit with Noto Sans JP from node_modules (@fontsource/noto-sans-jp), set in the
 * package's small unicode-range subsets so an invoice embeds a few small font files (see the same
 * technique in server/features/materials/service.ts, ADR 0103: a feature does not import another).
 */
const require = createRequire(import.meta.url);
const FONT_DIR = dirname(require.resolve('@fontsource/noto-sans-jp/package.json'));

type Subset = { file: string; ranges: [number, number][] };
const subsets = new Map<number, Subset[]>();
function fontSubsets(weight: 400 | 700): Subset[] {
  const known = subsets.get(weight);
  if (known) return known;
  const css = readFileSync(join(FONT_DIR, `${weight}.css`), 'utf8');
  const re = new RegExp(
    `url\\(\\./files/([^)]+-${weight}-normal\\.woff)\\)[^;]*;\\s*unicode-range:\\s*([^;]+);`,
    'g',
  );
  const list = [...css.matchAll(re)].map((m) => ({
    file: join(FONT_DIR, 'files', m[1]!),
    ranges: m[2]!.split(',').map((r) => {
      const [a, b] = r.trim().replace(/^U\+/i, '').split('-');
      const start = Number.parseInt(a!, 16);
      return [start, b ? Number.parseInt(b, 16) : start] as [number, number];
    }),
  }));
  subsets.set(weight, list);
  return list;
}
const subsetOf = (cp: number, weight: 400 | 700) =>
  fontSubsets(weight).find((s) => s.ranges.some(([a, b]) => cp >= a && cp <= b))?.file ??
  fontSubsets(weight)[0]!.file;

/** Writes one line of Japanese text at (x, y), switching subset fonts by character. */
export function jpText(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number,
  y: number,
  options: PDFKit.Mixins.TextOptions & { weight?: 400 | 700; size?: number } = {},
) {
  const { weight = 400, size = 10, ...rest } = options;
  doc.fontSize(size);
  const runs: { file: string; text: string }[] = [];
  for (const ch of text) {
    const file = ch === ' ' && runs.length ? runs.at(-1)!.file : subsetOf(ch.codePointAt(0)!, weight);
    if (runs.at(-1)?.file === file) runs.at(-1)!.text += ch;
    else runs.push({ file, text: ch });
  }
  if (!runs.length) return;
  runs.forEach((run, i) => {
    doc.font(run.file);
    const last = i === runs.length - 1;
    if (i === 0) doc.text(run.text, x, y, { lineBreak: false, ...rest, continued: !last });
    else doc.text(run.text, { continued: !last });
  });
}

/** Renders a document into a Buffer. */
export async function renderPdf(
  info: PDFKit.DocumentInfo,
  draw: (doc: PDFKit.PDFDocument) => void,
): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 48, info });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  draw(doc);
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
