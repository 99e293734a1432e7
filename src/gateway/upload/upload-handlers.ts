import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { mergeChunks, receivedChunks, saveChunk } from './chunk-store.ts';
import { FILE_MAX_BYTES, uploadCalls } from '../../shared/api/upload.ts';
import { handler, type HandlerMapFor } from '../http/handler-types.ts';
import { AppError } from '../http/app-error.ts';
import { checkPhotoSignature, photoPath, photoUrl, savePhoto } from '../readers/photo-store.ts';
import { requireUser } from '../access/call-context.ts';

export const uploadHandlers = {
  'upload.chunk': handler(uploadCalls.chunk, async (input, ctx) => {
    const { schoolId } = requireUser(ctx);
    const bytes = Buffer.from(input.Content, 'base64');
    if (createHash('sha256').update(bytes).digest('hex') !== input.Sha256) throw AppError.badRequest('validation:upload.chunkHash', { index: input.Index });
    const saved = await saveChunk(ctx.app.config.dataDir, schoolId, input.UploadID, input.Index, bytes, FILE_MAX_BYTES);
    if (!saved.ok) throw AppError.refused('validation:upload.fileTooLarge', { max: FILE_MAX_BYTES / 1024 / 1024 });
    return { UploadID: input.UploadID, Index: input.Index, Size: bytes.length };
  }),
  'upload.status': handler(uploadCalls.status, async (input, ctx) => {
    const { schoolId } = requireUser(ctx);
    const r = await receivedChunks(ctx.app.config.dataDir, schoolId, input.UploadID);
    return { Received: r.indexes, Size: r.size };
  }),
  'upload.merge': handler(uploadCalls.merge, async (input, ctx) => {
    const { schoolId } = requireUser(ctx);
    const r = await mergeChunks(ctx.app.config.dataDir, schoolId, input.UploadID, input.Chunks, { size: input.Size, sha256: input.Sha256, fileName: input.FileName });
    if (!r.ok && 'missing' in r) throw AppError.refused('validation:upload.missingChunks', { missing: r.missing.slice(0, 20).join(', ') + (r.missing.length > 20 ? ' …' : '') });
    if (!r.ok) throw AppError.refused('validation:upload.fileMismatch', { size: r.size, expected: input.Size });
    return { FileID: r.fileId, Size: r.size, FileName: input.FileName };
  }),
  'upload.uploadImage': handler(uploadCalls.uploadImage, async (input, ctx) => {
    const { schoolId } = requireUser(ctx);
    const saved = savePhoto(ctx.app.config.dataDir, schoolId, input.Content);
    if ('error' in saved) throw AppError.badRequest(saved.error);
    return { FileID: saved.id, Url: photoUrl(ctx.app.config.dataDir, schoolId, saved.id) };
  }),
  'upload.getImage': handler(uploadCalls.getImage, async (input, ctx) => {
    const { dataDir } = ctx.app.config;
    const check = checkPhotoSignature(dataDir, input.School, input.ID, input.Expires, input.Sig);
    if (check === 'invalid') throw AppError.forbidden('errors:downloadInvalid');
    if (check === 'expired') throw AppError.forbidden('errors:downloadExpired');
    const file = photoPath(dataDir, input.School, input.ID);
    if (!existsSync(file)) throw AppError.notFound('errors:fileMissing');
    ctx.reply
      .header('cache-control', 'private, max-age=3600')
      .type(input.ID.endsWith('.png') ? 'image/png' : 'image/jpeg');
    return createReadStream(file);
  }),
} satisfies HandlerMapFor<typeof uploadCalls>;
