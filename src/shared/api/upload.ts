import { z } from 'zod';
import { defineCall, LIB } from './contract.ts';
import { MARC_PERMS } from './marc.ts';
import { base64Field, codeText, idField, intField, text, tokenField } from '../domain/fields.ts';

/** One image per upload (spec section 5): JPEG or PNG up to 2 MB. */
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;

/** Large files (a MARC dump) arrive in chunks of at most 4 MB; a whole file at most 100 MB. */
export const CHUNK_MAX_BYTES = 4 * 1024 * 1024;
export const FILE_MAX_BYTES = 100 * 1024 * 1024;
const uploadId = () => codeText({ max: 64, required: 'validation:required.id', pattern: /^[A-Za-z0-9-]{8,64}$/ });
/** Chunked uploads serve the MARC import only: whoever may import MARC records may send them. */
const CHUNK_PERM = MARC_PERMS.import;
const sha256 = () => codeText({ max: 64, pattern: /^[0-9a-f]{64}$/, patternError: 'validation:upload.hash' });

export const uploadCalls = {
  /**
   * One chunk of a resumable upload. The client names the upload (a random id), the chunk's
   * position and its SHA-256; a chunk sent twice (after a dropped connection) is stored once. The
   * chunks of one upload hold at most FILE_MAX_BYTES in all (409 beyond).
   */
  chunk: defineCall({
    id: 'upload.chunk', method: 'POST', path: `${LIB}/upload/post`, auth: 'user', spec: true, log: 'never', perm: CHUNK_PERM,
    input: z.object({ UploadID: uploadId(), Index: intField(0, 99_999), Content: base64Field(CHUNK_MAX_BYTES), Sha256: sha256() }),
    data: z.object({ UploadID: z.string(), Index: z.number().int(), Size: z.number().int() }),
  }),
  /** The chunks the server holds, so a client whose connection dropped resumes where it stopped. */
  status: defineCall({
    id: 'upload.status', method: 'POST', path: `${LIB}/upload/status`, auth: 'user', spec: false, perm: CHUNK_PERM,
    input: z.object({ UploadID: uploadId() }),
    data: z.object({ Received: z.array(z.number().int()), Size: z.number().int() }),
  }),
  /** Assembles the chunks in order and checks the whole file's size and SHA-256. */
  merge: defineCall({
    id: 'upload.merge', method: 'POST', path: '/micro/3rd/api/upload/MergeFile', auth: 'user', spec: true, perm: CHUNK_PERM,
    input: z.object({
      UploadID: uploadId(), Chunks: intField(1, 100_000), Size: intField(1, FILE_MAX_BYTES), Sha256: sha256(),
      FileName: text({ max: 255, required: 'validation:required.fileName' }),
    }),
    data: z.object({ FileID: z.string(), Size: z.number().int(), FileName: z.string() }),
  }),
  /** Stores one image in the school's folder; returns its id and a signed, time-limited address. */
  uploadImage: defineCall({
    id: 'upload.uploadImage', method: 'POST', path: '/micro/3rd/api/upload/uploadImage', auth: 'user', spec: true, perm: 'people.readers.edit',
    input: z.object({
      FileName: text({ max: 255 }).regex(/\.(jpe?g|png)$/i, 'validation:upload.imageType'),
      /** The file's bytes, base64 (no data: prefix). */
      Content: base64Field(IMAGE_MAX_BYTES, 'validation:upload.imageTooLarge'),
    }),
    data: z.object({ FileID: z.string(), Url: z.string() }),
  }),
  /** Raw image of a signed address (an <img> carries no bearer token; the signature is the authority). */
  getImage: defineCall({
    id: 'upload.getImage', method: 'GET', path: `${LIB}/Upload/GetImage`, auth: 'none', spec: false, raw: true,
    input: z.object({ School: idField(undefined, { coerce: true }), ID: z.string().max(40).regex(/^[0-9a-f-]{36}\.(jpg|png)$/), Expires: intField(0, Number.MAX_SAFE_INTEGER, { coerce: true }), Sig: tokenField(128, { min: 16 }) }),
    data: z.unknown(),
  }),
} as const;
