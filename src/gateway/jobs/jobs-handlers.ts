import { createReadStream, existsSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import type { Selectable } from 'kysely';
import { jobCalls, JobState, type Job } from '../../shared/api/jobs.ts';
import { downloadPermissionOf } from '../../shared/api/job-downloads.ts';
import type { JobsTable } from '../db/schema.ts';
import { holds } from '../access/permissions.ts';
import { handler, type CallContext, type HandlerMapFor } from '../http/handler-types.ts';
import { AppError } from '../http/app-error.ts';
import { bindingFor, bindingFrom, consumeTicket, findTicket, hashOf, issueTicket } from './download-tickets.ts';
import { containsText } from '../db/like.ts';
import { requireUser } from '../access/call-context.ts';

type JobRow = Selectable<JobsTable>;

function toJob(r: JobRow): Job {
  return {
    ID: r.id,
    DataID: r.data_id,
    FileName: r.file_name,
    OperationType: r.operation_type,
    Progress: r.progress,
    DataCount: r.data_count,
    State: r.state,
    // Never an address: the file is fetched with a ticket of Download/GetTicket.
    ResultFile: r.state === JobState.done && r.result_path ? r.file_name : '',
    Message: r.message,
    CreateTime: r.created_at,
  };
}

/**
 * Who may download a job's file: its owner (jobs are private to who started them, like the task
 * list), and only while they still hold the permission of the call that made it: an export of
 * personal data stops being downloadable when the role that allowed it is taken away.
 */

async function mayDownload(ctx: CallContext, row: JobRow, userId: number, schoolId: number): Promise<boolean> {
  if (row.school_id !== schoolId || row.user_id !== userId) return false;
  const perm = downloadPermissionOf(row.operation_type);
  return perm == null || holds(await ctx.app.permissions.of(userId, schoolId), perm);
}

/** The finished job's file on disk (inside the data folder), or null. */
function resultFileOf(dataDir: string, row: JobRow): string | null {
  if (row.state !== JobState.done || !row.result_path) return null;
  const root = resolve(dataDir);
  const file = resolve(join(root, row.result_path));
  return file.startsWith(root + sep) && existsSync(file) ? file : null;
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
    return toJob(row);
  }),
  'jobs.stopProgress': handler(jobCalls.stopProgress, async (input, ctx) => {
    const row = await findJob(ctx, input.DataID);
    if (!row) throw AppError.notFound('errors:jobNotFound');
    if (row.state === 1 && ctx.app.jobs.stop(row.data_id)) await ctx.app.jobs.settled(row.data_id);
    return toJob((await findJob(ctx, input.DataID)) ?? row);
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
    return { Total: Number(n), List: rows.map(toJob) };
  }),
  'jobs.getTicket': handler(jobCalls.getTicket, async (input, ctx) => {
    const { userId, schoolId } = requireUser(ctx);
    // Looked up across schools on purpose: another school's or user's job is refused (403),
    // only a DataID that names no job at all is 404. Nothing of the job is returned either way.
    const row = await ctx.app.db.selectFrom('jobs').selectAll().where('data_id', '=', input.DataID).executeTakeFirst();
    if (!row) throw AppError.notFound('errors:jobNotFound');
    if (row.school_id !== schoolId) throw AppError.forbidden('errors:wrongSchool');
    if (!(await mayDownload(ctx, row, userId, schoolId))) throw AppError.forbidden('errors:downloadNotYours');
    if (row.state === JobState.running) throw AppError.refused('errors:fileNotReady');
    if (!resultFileOf(ctx.app.config.dataDir, row)) throw AppError.notFound('errors:fileMissing');
    const binding = bindingFor(ctx.request.headers.cookie, ctx.request.protocol === 'https');
    if (binding.setCookie) ctx.reply.header('set-cookie', binding.setCookie);
    const ticket = await issueTicket(ctx.app.db, { schoolId, userId, jobId: row.id, binding: binding.value });
    ctx.reply.header('cache-control', 'no-store');
    return { Url: ticket.url, ExpiresIn: ticket.expiresIn };
  }),
  'jobs.downloadFile': handler(jobCalls.downloadFile, async (input, ctx) => {
    // A browser download carries no bearer token: the ticket is the authority, checked whole.
    if (!input.Ticket) throw AppError.unauthorized('errors:downloadTicketMissing');
    const { db } = ctx.app;
    const now = new Date();
    const ticket = await findTicket(db, input.Ticket);
    if (!ticket) throw AppError.unauthorized('errors:downloadInvalid');
    if (ticket.used_at) throw AppError.unauthorized('errors:downloadUsed');
    if (ticket.expires_at <= now.toISOString()) throw AppError.unauthorized('errors:downloadExpired');
    const binding = bindingFrom(ctx.request.headers.cookie);
    if (!binding || hashOf(binding) !== ticket.binding_hash) throw AppError.forbidden('errors:downloadNotYours');
    // A signed-in caller (or a school selector) must be the ticket's user and school.
    if (ctx.schoolId != null && ctx.schoolId !== ticket.school_id) throw AppError.forbidden('errors:wrongSchool');
    if (ctx.principal && ctx.principal.userId !== ticket.user_id) throw AppError.forbidden('errors:downloadNotYours');
    const row = await db.selectFrom('jobs').selectAll().where('school_id', '=', ticket.school_id).where('id', '=', ticket.job_id).executeTakeFirst();
    if (!row) throw AppError.notFound('errors:fileMissing');
    // What GetTicket checked may have changed since (a role taken away): check it again.
    if (!(await mayDownload(ctx, row, ticket.user_id, ticket.school_id))) throw AppError.forbidden('errors:downloadNotYours');
    const file = resultFileOf(ctx.app.config.dataDir, row);
    if (!file) throw AppError.notFound('errors:fileMissing');
    if (!(await consumeTicket(db, ticket.id, now))) throw AppError.unauthorized('errors:downloadUsed');
    ctx.reply
      .header('content-disposition', contentDisposition(row.file_name))
      .header('cache-control', 'private, no-store')
      .type(file.endsWith('.xlsx') ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'application/octet-stream');
    return createReadStream(file);
  }),
} satisfies HandlerMapFor<typeof jobCalls>;
