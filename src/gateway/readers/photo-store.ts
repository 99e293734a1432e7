import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LIB } from '../../shared/api/contract.ts';
import { IMAGE_MAX_BYTES } from '../../shared/api/upload.ts';
import { installSecret } from '../security/install-secret.ts';

/**
 * Reader photos: one JPEG/PNG file per upload in `<data>/images/<school>/<uuid>.<ext>`, served
 * through a signed address (an <img> sends no bearer token). Addresses expire on the next full
 * hour + 1 h, so lists fetched within the same hour reuse the browser's cached image.
 */
export const PHOTO_ID = /^[0-9a-f-]{36}\.(jpg|png)$/;

const secrets = new Map<string, Buffer>();
function secret(dataDir: string): Buffer {
  let s = secrets.get(dataDir);
  if (!s) secrets.set(dataDir, (s = installSecret(dataDir, 'image')));
  return s;
}

const sign = (key: Buffer, school: number, id: string, expires: number) =>
  createHmac('sha256', key).update(`img:${school}:${id}:${expires}`).digest('base64url');

export function photoPath(dataDir: string, school: number, id: string): string {
  return join(dataDir, 'images', String(school), id);
}

export function photoExists(dataDir: string, school: number, id: string): boolean {
  return PHOTO_ID.test(id) && existsSync(photoPath(dataDir, school, id));
}

export function photoUrl(dataDir: string, school: number, id: string, now = Date.now()): string {
  if (!id) return '';
  const expires = (Math.floor(now / 3_600_000) + 2) * 3600;
  return `${LIB}/Upload/GetImage?School=${school}&ID=${id}&Expires=${expires}&Sig=${sign(secret(dataDir), school, id, expires)}`;
}

export function checkPhotoSignature(dataDir: string, school: number, id: string, expires: number, sig: string, now = Date.now()): 'ok' | 'expired' | 'invalid' {
  const want = Buffer.from(sign(secret(dataDir), school, id, expires));
  const got = Buffer.from(sig);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return 'invalid';
  return expires * 1000 < now ? 'expired' : 'ok';
}

/** The image type from its first bytes (the name's extension is not trusted). */
export function imageKind(bytes: Buffer): 'jpg' | 'png' | null {
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (bytes.length > 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  return null;
}

/** Validates and stores one image; returns its id, or the i18n key of what is wrong. */
export function savePhoto(dataDir: string, school: number, base64: string): { id: string } | { error: string } {
  return saveImageBytes(dataDir, school, Buffer.from(base64, 'base64'));
}

/** The same for bytes fetched by the gateway (captured covers): checked by their first bytes. */
export function saveImageBytes(dataDir: string, school: number, bytes: Buffer): { id: string } | { error: string } {
  if (bytes.length === 0) return { error: 'validation:upload.imageType' };
  if (bytes.length > IMAGE_MAX_BYTES) return { error: 'validation:upload.imageTooLarge' };
  const kind = imageKind(bytes);
  if (!kind) return { error: 'validation:upload.imageType' };
  const id = `${randomUUID()}.${kind}`;
  const file = photoPath(dataDir, school, id);
  mkdirSync(join(dataDir, 'images', String(school)), { recursive: true });
  writeFileSync(file, bytes, { flag: 'wx' });
  return { id };
}
