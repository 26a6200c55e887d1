import { IMAGE_MAX_MB } from '../../../contracts/common.ts';
/** What the storage service accepts (server/platform/storage.ts), said to people before they pick a file. */
export const IMAGE_HINT = `JPEG・PNG・WebP形式、${IMAGE_MAX_MB}MBまで。位置情報などの撮影データは取り除いて保存します。`;
