import { randomUUID } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import type { Selectable } from 'kysely';
import { jobCalls, type Job } from '../../shared/api/jobs.ts';
import type { JobsTable } from '../db/schema.ts';
import { handler, type CallContext, type HandlerMapFor } from '../http/handler-types.ts';
import { AppError } from '../http/app-error.ts';
import { exportReadersJob } from '../jobs/export-readers.ts';
import { checkSignature, signedDownloadPath } from '../jobs/signed-url.ts';
import { installSecret } from '../security/install-secret.ts';
import { containsText } from '../repos/like.ts';
import { requireUser } from './context.ts';

const secrets = new Map<string, Buffer>();
function downloadSecret(dataDir: string): Buffer {
  let s = secrets.get(dataDir);
  if (!s) secrets.set(dataDir, (s = installSecret(dataDir, 'download')));
  return s;
}

function toJob(r: Selectable<JobsTable>, dataDir: string): Job {
  return {
    ID: r.id,
    DataID: r.data_id,
    FileName: r.file_name,
    OperationType: r.operation_type,
    Progress: r.progress,
    DataCount: r.data_count,
    State: r.state,
    ResultFile: r.state === 2 && r.result_path ? signedDownloadPath(downloadSecret(dataDir), r.id) : '',
    Message: r.message,
    CreateTime: r.created_at,
  };
}

/** RFC 6266 / 5987: an ASCII fallback plus the exact UTF-8 name. */
function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** A job of the caller's own school and user (jobs are private to who started them). */
function findJob(ctx: CallContext, dataId: string) {
  const { userId, schoolId } = requireUser(ctx);
  return ctx.app.db
    .selectFrom('jobs')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('user_id', '=', userId)
    .where('data_id', '=', dataId)
    .executeTakeFirst();
}

export const jobsHandlers = {
  'jobs.getProgress': handler(jobCalls.getProgress, async (input, ctx) => {
    const row = await findJob(ctx, input.DataID);
    if (!row) throw AppError.notFound('errors:jobNotFound');
    return toJob(row, ctx.app.config.dataDir);
  }),
  'jobs.stopProgress': handler(jobCalls.stopProgress, async (input, ctx) => {
    const row = await findJob(ctx, input.DataID);
    if (!row) throw AppError.notFound('errors:jobNotFound');
    if (row.state === 1 && ctx.app.jobs.stop(row.data_id)) await ctx.app.jobs.settled(row.data_id);
    return toJob((await findJob(ctx, input.DataID)) ?? row, ctx.app.config.dataDir);
  }),
  'jobs.getProgressList': handler(jobCalls.getProgressList, async (input, ctx) => {
    const { userId, schoolId } = requireUser(ctx);
    let q = ctx.app.db.selectFrom('jobs').where('school_id', '=', schoolId).where('user_id', '=', userId);
    if (input.SearchKey) q = q.where(containsText('file_name', input.SearchKey));
    if (input.OperationType) q = q.where('operation_type', '=', input.OperationType);
    if (input.State) q = q.where('state', '=', input.State);
    const [{ n }, rows] = await Promise.all([
      q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
      q.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(input.Rows).offset((input.Page - 1) * input.Rows).execute(),
    ]);
    return { Total: Number(n), List: rows.map((r) => toJob(r, ctx.app.config.dataDir)) };
  }),
  'jobs.exportReaders': handler(jobCalls.exportReaders, async (input, ctx) => {
    const { userId, schoolId } = requireUser(ctx);
    const { app } = ctx;
    const DataID = await app.jobs.start(
      exportReadersJob({
        db: app.db, dataDir: app.config.dataDir, i18n: app.i18n, lang: ctx.lang, schoolId, userId,
        searchKey: input.SearchKey, fileId: randomUUID(),
      }),
    );
    return { DataID };
  }),
  'jobs.downloadFile': handler(jobCalls.downloadFile, async (input, ctx) => {
    const { dataDir } = ctx.app.config;
    const check = checkSignature(downloadSecret(dataDir), input.ID, input.Expires, input.Sig);
    if (check === 'invalid') throw AppError.forbidden('errors:downloadInvalid');
    if (check === 'expired') throw AppError.forbidden('errors:downloadExpired');
    // The signature is the authority here (a browser download carries no bearer token).
    const row = await ctx.app.db.selectFrom('jobs').selectAll().where('id', '=', input.ID).executeTakeFirst();
    if (!row || row.state !== 2 || !row.result_path) throw AppError.notFound('errors:fileMissing');
    const root = resolve(dataDir);
    const file = resolve(join(root, row.result_path));
    if (!file.startsWith(root + sep) || !existsSync(file)) throw AppError.notFound('errors:fileMissing');
    ctx.reply
      .header('content-disposition', contentDisposition(row.file_name))
      .header('cache-control', 'private, no-store')
      .type(file.endsWith('.xlsx') ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'application/octet-stream');
    return createReadStream(file);
  }),
} satisfies HandlerMapFor<typeof jobCalls>;
