import { createReadStream, existsSync } from 'node:fs';
import { uploadCalls } from '../../shared/api/upload.ts';
import { handler, type HandlerMapFor } from '../http/handler-types.ts';
import { AppError } from '../http/app-error.ts';
import { checkPhotoSignature, photoPath, photoUrl, savePhoto } from '../readers/photo-store.ts';
import { requireUser } from '../access/call-context.ts';

export const uploadHandlers = {
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
