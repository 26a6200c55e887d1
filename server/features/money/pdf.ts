import { jpText as platformJpText } from '../../platform/pdf.ts';

export { renderPdf } from '../../platform/pdf.ts';

/** The invoice's lines: one line each, never wrapped (the layout places every line itself), 10 pt unless given. */
export const jpText: typeof platformJpText = (doc, text, x, y, options = {}) =>
  platformJpText(doc, text, x, y, { lineBreak: false, size: 10, ...options });
