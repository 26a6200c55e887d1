import QRCode from 'qrcode';
import { MATERIAL_MESSAGES, POP_TEXT } from '../../../contracts/materials.ts';
import { PUBLISHED_SHOP_STATUS } from '../../../contracts/shops.ts';
import { STAFF_PRIORITY, type AuthContext } from '../../platform/plugins/access.ts';
import type { Db } from '../../platform/db/client.ts';
import { HttpError } from '../../platform/http-errors.ts';
import { jpText, renderPdf } from '../../platform/pdf.ts';
import { shopForMaterials } from './repo.ts';

/**
 * The shop's referral QR code (SVG and PNG, the `qrcode` package) and an A6 POP as a PDF (the platform's
 * pdfkit with Noto Sans JP). The QR code leads to the shop's public page, where a guest who signs up
 * becomes its referral.
 */
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
    const pdf = await renderPdf(
      {
        size: 'A6',
        margin: 18,
        info: { Title: `${shop.name} 店頭POP`, Author: 'Focustar', Subject: shop.url },
      },
      (doc) => {
        const width = doc.page.width - 36;
        doc.rect(0, 0, doc.page.width, 8).fill('#e4007f');
        doc.fillColor('#222').fontSize(15);
        jpText(doc, POP_TEXT.catch, 18, 28, { width, align: 'center', weight: 700 });
        doc.fontSize(shop.name.length > 14 ? 13 : 17);
        jpText(doc, shop.name, 18, 56, { width, align: 'center', weight: 700 });
        const size = 160;
        doc.image(qr, (doc.page.width - size) / 2, 100, { width: size, height: size });
        doc.fontSize(9).fillColor('#333');
        jpText(doc, POP_TEXT.body, 18, 272, { width, align: 'center', weight: 700 });
        doc.fontSize(7).fillColor('#666');
        jpText(doc, shop.url, 18, 318, { width, align: 'center', weight: 700 });
        doc.fontSize(9).fillColor('#e4007f');
        jpText(doc, POP_TEXT.footer, 18, doc.page.height - 40, { width, align: 'center', weight: 700 });
      },
    );
    return { pdf, shop };
  }
}
