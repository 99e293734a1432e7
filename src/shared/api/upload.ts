import { z } from 'zod';
import { defineCall, LIB } from './contract.ts';
import { base64Field, idField, intField, text, tokenField } from '../domain/fields.ts';

/** One image per upload (spec section 5): JPEG or PNG up to 2 MB. */
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;

export const uploadCalls = {
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
