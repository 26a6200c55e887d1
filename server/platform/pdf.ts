import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';

/**
 * PDFs in Japanese (the shop's POP, the shops' invoices): pdfkit with Noto Sans JP from node_modules
 * (@fontsource/noto-sans-jp), so a fresh machine needs no system font.
 *
 * NOTE: the package's one-file Japanese font (1.4 MB WOFF) made pdfkit take over 30 s per POP, and its
 * WOFF2 embedded the whole megabyte. The package also ships the font in ~120 small unicode-range
 * subsets (its 400.css and 700.css list them); each run of text is set in the subset files that hold its
 * characters, so a document embeds a few small subsets.
 */
const require = createRequire(import.meta.url);
const FONT_DIR = dirname(require.resolve('@fontsource/noto-sans-jp/package.json'));

export type FontWeight = 400 | 700;
type Subset = { file: string; ranges: [number, number][] };

/** The subsets of one weight, read from the package's CSS once per process. */
const subsets = new Map<FontWeight, Subset[]>();
function fontSubsets(weight: FontWeight): Subset[] {
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

const subsetOf = (cp: number, weight: FontWeight) =>
  fontSubsets(weight).find((s) => s.ranges.some(([a, b]) => cp >= a && cp <= b))?.file ??
  fontSubsets(weight)[0]!.file;

/**
 * Writes one line of Japanese text at (x, y), switching subset fonts by character. `size` sets the font
 * size first (otherwise the document's current size is used); `weight` is 400 unless given.
 */
export function jpText(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number,
  y: number,
  options: PDFKit.Mixins.TextOptions & { weight?: FontWeight; size?: number } = {},
): void {
  const { weight = 400, size, ...rest } = options;
  if (size !== undefined) doc.fontSize(size);
  const runs: { file: string; text: string }[] = [];
  for (const ch of text) {
    const file = ch === ' ' && runs.length ? runs.at(-1)!.file : subsetOf(ch.codePointAt(0)!, weight);
    if (runs.at(-1)?.file === file) runs.at(-1)!.text += ch;
    else runs.push({ file, text: ch });
  }
  // NOTE: pdfkit aligns each `continued` run on its own, so a right- or centre-aligned text of two fonts (「5件」:
  // a Latin digit, a CJK character) drew its runs on top of each other. Such a line is placed by hand: its
  // width measured run by run, then the runs written left to right from where the whole line starts.
  if ((rest.align === 'right' || rest.align === 'center') && rest.width !== undefined && runs.length > 1) {
    const widths = runs.map((run) => doc.font(run.file).widthOfString(run.text));
    const total = widths.reduce((a, b) => a + b, 0);
    let cx = x + (rest.align === 'right' ? rest.width - total : (rest.width - total) / 2);
    runs.forEach((run, i) => {
      doc.font(run.file).text(run.text, cx, y, { lineBreak: false });
      cx += widths[i]!;
    });
    return;
  }
  runs.forEach((run, i) => {
    doc.font(run.file);
    const last = i === runs.length - 1;
    if (i === 0) doc.text(run.text, x, y, { ...rest, continued: !last });
    else doc.text(run.text, { continued: !last });
  });
}

/** Renders a document (its page size, margins and metadata in `options`) into a Buffer. */
export async function renderPdf(
  options: PDFKit.PDFDocumentOptions,
  draw: (doc: PDFKit.PDFDocument) => void,
): Promise<Buffer> {
  const doc = new PDFDocument(options);
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
