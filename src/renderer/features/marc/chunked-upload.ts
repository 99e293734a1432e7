import { uploadCalls as U, CHUNK_MAX_BYTES } from '../../../shared/api/upload.ts';
import { call } from '../../lib/api-client.ts';

const CHUNK = 2 * 1024 * 1024;

async function sha256(bytes: ArrayBuffer | Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes as BufferSource);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

function base64(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

/**
 * Sends a file in chunks (upload/post), asking first which chunks the server already has, so a
 * dropped connection or a reload resumes where it stopped (the upload id is derived from the
 * file's hash and name); then MergeFile checks the whole by size and SHA-256.
 */
export async function uploadInChunks(file: File, onProgress: (sent: number, total: number) => void): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const whole = await sha256(bytes);
  const uploadId = `${whole.slice(0, 32)}-${(file.size % 1e8).toString(36)}`;
  const chunks = Math.max(1, Math.ceil(bytes.length / CHUNK));
  const have = new Set((await call(U.status, { UploadID: uploadId }, { toast: false })).Received);
  let sent = 0;
  for (let i = 0; i < chunks; i++) {
    const part = bytes.subarray(i * CHUNK, Math.min(bytes.length, (i + 1) * CHUNK));
    if (!have.has(i)) {
      if (part.length > CHUNK_MAX_BYTES) throw new Error('chunk too large');
      await call(U.chunk, { UploadID: uploadId, Index: i, Content: base64(part), Sha256: await sha256(part) }, { toast: false });
    }
    sent += part.length;
    onProgress(sent, bytes.length);
  }
  return (await call(U.merge, { UploadID: uploadId, Chunks: chunks, Size: bytes.length, Sha256: whole, FileName: file.name.slice(-255) || 'marc.mrc' }, { toast: false })).FileID;
}
