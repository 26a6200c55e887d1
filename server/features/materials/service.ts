import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { MATERIAL_MESSAGES, POP_TEXT } from '../../../contracts/materials.ts';
import { PUBLISHED_SHOP_STATUS } from '../../../contracts/shops.ts';
import { STAFF_PRIORITY, type AuthContext } from '../../platform/plugins/access.ts';
import type { Db } from '../../platform/db/client.ts';
import { HttpError } from '../../platform/http-errors.ts';
import { shopForMaterials } from './repo.ts';

/**
 * The shop's referral QR code (SVG and PNG, the `qrcode` package) and an A6 POP as a PDF (pdfkit) with
 * Noto Sans JP embedded from node_modules (@fontsource/noto-sans-jp), so a fresh machine needs no system
 * font. The QR code leads to the shop's public page, where a guest who signs up becomes its referral.
 */
const require = createRequire(import.meta.url);
const FONT_DIR = dirname(require.resolve('@fontsource/noto-sans-jp/package.json'));

/**
 * NOTE: the package's one-file Japanese font (1.4 MB WOFF) made pdfkit take over 30 s per POP, and its
 * WOFF2 embedded the whole megabyte. The package also ships the font in ~120 small unicode-range
 * subsets (its 700.css lists them); each run of text is set in the subset files that hold its
 * characters, so a POP embeds a few small subsets.
 */
type Subset = { file: string; ranges: [number, number][] };
let subsets: Subset[] | null = null;
function fontSubsets(): Subset[] {
  if (subsets) return subsets;
  const css = readFileSync(join(FONT_DIR, '700.css'), 'utf8');
  subsets = [
    ...css.matchAll(/url\(\.\/files\/([^)]+-700-normal\.woff)\)[^;]*;\s*unicode-range:\s*([^;]+);/g),
  ].map((m) => ({
    file: join(FONT_DIR, 'files', m[1]!),
    ranges: m[2]!.split(',').map((r) => {
      const [a, b] = r.trim().replace(/^U\+/i, '').split('-');
      const start = Number.parseInt(a!, 16);
      return [start, b ? Number.parseInt(b, 16) : start] as [number, number];
    }),
  }));
  return subsets;
}
const subsetOf = (cp: number) =>
  fontSubsets().find((s) => s.ranges.some(([a, b]) => cp >= a && cp <= b))?.file ?? fontSubsets()[0]!.file;

/** Writes one line of Japanese text, switching subset fonts by character. */
function jpText(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number,
  y: number,
  options: PDFKit.Mixins.TextOptions,
) {
  const runs: { file: string; text: string }[] = [];
  for (const ch of text) {
    const file = ch === ' ' && runs.length ? runs.at(-1)!.file : subsetOf(ch.codePointAt(0)!);
    if (runs.at(-1)?.file === file) runs.at(-1)!.text += ch;
    else runs.push({ file, text: ch });
  }
  runs.forEach((run, i) => {
    doc.font(run.file);
    const last = i === runs.length - 1;
    if (i === 0) doc.text(run.text, x, y, { ...options, continued: !last });
    else doc.text(run.text, { continued: !last });
  });
}

export class MaterialsService {
  constructor(
    private readonly db: Db,
    private readonly appUrl: string,
  ) {}

  private async shop(shopId: number, auth: AuthContext) {
    const shop = await shopForMaterials(this.db, shopId, auth.userId, auth.priority <= STAFF_PRIORITY);
    if (!shop) throw new HttpError(404, MATERIAL_MESSAGES.notFound);
    if (shop.status !== PUBLISHED_SHOP_STATUS) throw new HttpError(409, MATERIAL_MESSAGES.notPublished);
    return { ...shop, url: new URL(`/${encodeURIComponent(shop.screenName)}`, this.appUrl).toString() };
  }

  async qrSvg(shopId: number, auth: AuthContext) {
    const shop = await this.shop(shopId, auth);
    const svg = await QRCode.toString(shop.url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    return { svg, shop };
  }

  async qrPng(shopId: number, auth: AuthContext) {
    const shop = await this.shop(shopId, auth);
    const png = await QRCode.toBuffer(shop.url, {
      type: 'png',
      errorCorrectionLevel: 'M',
      margin: 2,
      width: 1024,
    });
    return { png, shop };
  }

  /** A6 portrait (105 x 148 mm): the shop's name, the catch, the QR code, a short text, the service name. */
  async popPdf(shopId: number, auth: AuthContext) {
    const shop = await this.shop(shopId, auth);
    const qr = await QRCode.toBuffer(shop.url, {
      type: 'png',
      errorCorrectionLevel: 'M',
      margin: 1,
      width: 600,
    });
    const doc = new PDFDocument({
      size: 'A6',
      margin: 18,
      info: { Title: `${shop.name} 店頭POP`, Author: 'Focustar', Subject: shop.url },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    const done = new Promise<void>((resolve, reject) => {
      doc.on('end', resolve);
      doc.on('error', reject);
    });
    const width = doc.page.width - 36;
    doc.rect(0, 0, doc.page.width, 8).fill('#e4007f');
    doc.fillColor('#222').fontSize(15);
    jpText(doc, POP_TEXT.catch, 18, 28, { width, align: 'center' });
    doc.fontSize(shop.name.length > 14 ? 13 : 17);
    jpText(doc, shop.name, 18, 56, { width, align: 'center' });
    const size = 160;
    doc.image(qr, (doc.page.width - size) / 2, 100, { width: size, height: size });
    doc.fontSize(9).fillColor('#333');
    jpText(doc, POP_TEXT.body, 18, 272, { width, align: 'center' });
    doc.fontSize(7).fillColor('#666');
    jpText(doc, shop.url, 18, 318, { width, align: 'center' });
    doc.fontSize(9).fillColor('#e4007f');
    jpText(doc, POP_TEXT.footer, 18, doc.page.height - 40, { width, align: 'center' });
    doc.end();
    await done;
    return { pdf: Buffer.concat(chunks), shop };
  }
}
