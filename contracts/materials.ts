import { z } from 'zod';
import './common.ts';

/** Issue 16 / product design section 6: the shop's referral QR code and its printable A6 POP. */
export const MATERIAL_MESSAGES = {
  notFound: 'お店が見つからないか、素材をダウンロードする権限がありません。',
  notPublished: 'お店の審査が完了して公開されると、QRコードとPOPをダウンロードできます。',
} as const;

/** The POP's words: what a customer reads beside the register. */
export const POP_TEXT = {
  catch: 'このお店を応援してください！',
  body: 'QRコードから無料登録すると、お店のファンとしてSNSで応援できます。',
  footer: 'Focustar（フォーカスター）',
} as const;

/** SVG text and PNG/PDF bytes (ofetch hands binary answers over as a Blob). */
export const svgSchema = z.string().min(1);
export const blobSchema = z.instanceof(Blob);
