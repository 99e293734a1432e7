import { IMAGE_MAX_BYTES } from '../../../shared/api/upload.ts';
import { fileToBase64 } from '../../kit/import-export/read-file.ts';

export type PhotoFile = { ok: true; FileName: string; Content: string } | { ok: false; key: 'photo.tooLarge' | 'photo.wrongType' };

/** Checks a picked photo as the gateway will (JPEG/PNG, at most 2 MB) before sending it as base64. */
export async function readPhotoFile(file: File): Promise<PhotoFile> {
  if (!/\.(jpe?g|png)$/i.test(file.name) || (file.type !== '' && !/^image\/(jpeg|png)$/.test(file.type))) return { ok: false, key: 'photo.wrongType' };
  if (file.size > IMAGE_MAX_BYTES) return { ok: false, key: 'photo.tooLarge' };
  return { ok: true, FileName: file.name, Content: await fileToBase64(file) };
}
