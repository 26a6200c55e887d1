/**
 * Issue 26 "Web Push": the installable app's icons, made from public/favicon.svg with sharp — 192 and 512 px
 * (`any`), a 512 px maskable one (the star inside the 80 % safe zone on a full-bleed background), the 180 px
 * apple-touch-icon and a monochrome badge for Android's status bar. Run `npx tsx scripts/pwa-icons.ts` after
 * changing the favicon; the PNGs are committed.
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';

const BRAND = '#e8508a';
const svg = readFileSync('public/favicon.svg', 'utf8');
const star = svg.match(/<path[^>]*\/>/)?.[0] ?? '';

const any = (size: number, out: string) =>
  sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png()
    .toFile(out);

// Maskable: no circle, the background fills the square, the star at 60 % (within the safe zone).
const maskable = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${BRAND}"/><g transform="translate(16 16) scale(0.7) translate(-16 -15.2)">${star}</g></svg>`,
);
// Badge: white on transparent (Android shows only its alpha).
const badge = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><g transform="translate(16 16) scale(1.3) translate(-16 -15.2)">${star}</g></svg>`,
);

await any(192, 'public/icons/icon-192.png');
await any(512, 'public/icons/icon-512.png');
await sharp(maskable, { density: 72 * 16 })
  .resize(512, 512)
  .png()
  .toFile('public/icons/maskable-512.png');
await sharp(maskable, { density: (72 * 180) / 32 })
  .resize(180, 180)
  .png()
  .toFile('public/icons/apple-touch-icon.png');
await sharp(badge, { density: 72 * 3 })
  .resize(96, 96)
  .png()
  .toFile('public/icons/badge-96.png');
console.log('public/icons: icon-192, icon-512, maskable-512, apple-touch-icon, badge-96');
