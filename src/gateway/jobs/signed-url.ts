import { createHmac, timingSafeEqual } from 'node:crypto';
import { LIB } from '../../shared/api/contract.ts';

/** How long a ResultFile address stays valid; GetProgress hands out a fresh one each poll. */
export const DOWNLOAD_TTL_S = 3600;

function sign(secret: Buffer, id: number, expires: number): string {
  return createHmac('sha256', secret).update(`file:${id}:${expires}`).digest('base64url');
}

export function signedDownloadPath(secret: Buffer, jobId: number, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + DOWNLOAD_TTL_S;
  return `${LIB}/Download/GetFile?ID=${jobId}&Expires=${expires}&Sig=${sign(secret, jobId, expires)}`;
}

export type SignatureCheck = 'ok' | 'expired' | 'invalid';

export function checkSignature(secret: Buffer, id: number, expires: number, sig: string, now = Date.now()): SignatureCheck {
  const want = Buffer.from(sign(secret, id, expires));
  const got = Buffer.from(sig);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return 'invalid';
  return expires * 1000 < now ? 'expired' : 'ok';
}
