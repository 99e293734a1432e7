import { randomUUID } from 'node:crypto';
import { readerCalls } from '../../shared/api/readers.ts';
import { maskPhone } from '../../shared/domain/validation-rules.ts';
import { holds } from '../access/permissions.ts';
import { isForeignKeyViolation, isUniqueViolation, writeTx } from '../db/connect.ts';
import { handler, type CallContext, type HandlerMapFor } from '../http/handler-types.ts';
import { AppError } from '../http/app-error.ts';
import { readerImportHandlers } from './reader-import.ts';
import { readerFilter } from '../access/user-store.ts';
import { photoExists } from './photo-store.ts';
import { loadReaderLookups, readerRuleViolations } from './reader-rules.ts';
import { findReader, insertReader, readersOf, roleNames, toReader, userValues, type UserRow } from './reader-store.ts';
import { requireUser } from '../access/call-context.ts';
import { exportReadersJob } from './reader-export.ts';

async function dtoOf(ctx: CallContext, schoolId: number, row: UserRow, maskPhone = true) {
  const roles = await roleNames(ctx.app.db, schoolId, [row.id], ctx.lang);
  return toReader(row, { lang: ctx.lang, dataDir: ctx.app.config.dataDir, roles, maskPhone });
}

/** Business rules of a single save; the first broken one is the message (a form shows one). */
async function checkSave(ctx: CallContext, schoolId: number, input: Parameters<typeof readerRuleViolations>[0], selfId: number | null) {
  const lookups = await loadReaderLookups(ctx.app.db, schoolId, { cards: [input.ReaderID], accounts: [input.Account] });
  const broken = readerRuleViolations(input, selfId, lookups);
  if (input.Photo && !photoExists(ctx.app.config.dataDir, schoolId, input.Photo)) broken.push('validation:upload.photoMissing');
  // A department or photo the request names that does not exist is 404; a clash with other data is 409.
  const missing = broken.find((k) => MISSING_KEYS.has(k));
  if (missing) throw AppError.notFound(missing);
  if (broken.length) throw AppError.conflict(broken[0]!);
}
const MISSING_KEYS = new Set(['validation:reader.deptNotFound', 'validation:upload.photoMissing']);

/** A race past checkSave ends at the unique indexes: the same clear message. */
async function guardUnique<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (isUniqueViolation(err)) throw AppError.conflict(String(err).includes('account') ? 'validation:reader.accountTaken' : 'validation:reader.readerIdTaken');
    throw err;
  }
}

export const readersHandlers = {
  'readers.getUserList': handler(readerCalls.getUserList, async (input, ctx) => {
    const { schoolId } = requireUser(ctx);
    let q = ctx.app.db.selectFrom('users').where('users.school_id', '=', schoolId).where(readerFilter(input.SearchKey));
    if (input.Identity) q = q.where('users.identity', '=', input.Identity);
    if (input.Status) q = q.where('users.status', '=', input.Status);
    if (input.DeptID != null) q = q.where('users.dept_id', '=', input.DeptID);
    const [{ n }, rows] = await Promise.all([
      q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
      q.leftJoin('departments', 'departments.id', 'users.dept_id')
        .selectAll('users')
        .select(['departments.name as dept_name', 'departments.en_name as dept_en'])
        .orderBy('users.reader_id').limit(input.Rows).offset((input.Page - 1) * input.Rows).execute(),
    ]);
    const roles = await roleNames(ctx.app.db, schoolId, rows.map((r) => r.id), ctx.lang);
    const o = { lang: ctx.lang, dataDir: ctx.app.config.dataDir, roles, maskPhone: true };
    return { Total: Number(n), List: rows.map((r) => toReader(r, o)) };
  }),
  'readers.getUserSimpleAll': handler(readerCalls.getUserSimpleAll, async (input, ctx) => {
    const { schoolId } = requireUser(ctx);
    let q = ctx.app.db.selectFrom('users').where('users.school_id', '=', schoolId).where(readerFilter(input.SearchKey));
    if (input.Identity) q = q.where('users.identity', '=', input.Identity);
    if (input.DeptID != null) q = q.where('users.dept_id', '=', input.DeptID);
    const rows = await q.select(['id', 'name', 'reader_id', 'identity', 'dept_id']).orderBy('reader_id').limit(5000).execute();
    return rows.map((r) => ({ ID: r.id, Name: r.name, ReaderID: r.reader_id, Identity: r.identity, DeptID: r.dept_id }));
  }),
  'readers.get': handler(readerCalls.getReader, async (input, ctx) => {
    const { userId, schoolId } = requireUser(ctx);
    const row = await findReader(ctx.app.db, schoolId, input.ID);
    if (!row) throw AppError.notFound('errors:readerNotFound');
    // The full number only for who may edit it (the edit form); everyone else sees it masked.
    const canEdit = holds(await ctx.app.permissions.of(userId, schoolId), 'people.readers.edit');
    // Both directions of the link: a student's parents, a parent's children.
    const linked = (side: 'student_id' | 'parent_id', other: 'student_id' | 'parent_id') => ctx.app.db
      .selectFrom('student_parents')
      .innerJoin('users', 'users.id', `student_parents.${other}`)
      .select(['users.id', 'users.name', 'users.reader_id', 'users.phone'])
      .where('student_parents.school_id', '=', schoolId)
      .where('users.school_id', '=', schoolId)
      .where(`student_parents.${side}`, '=', row.id)
      .orderBy('users.id')
      .execute();
    const [parents, children] = await Promise.all([linked('student_id', 'parent_id'), linked('parent_id', 'student_id')]);
    const link = (p: (typeof parents)[number]) => ({ ID: p.id, Name: p.name, ReaderID: p.reader_id, Phone: canEdit ? p.phone : maskPhone(p.phone) });
    return { ...(await dtoOf(ctx, schoolId, row, !canEdit)), Parents: parents.map(link), Children: children.map(link) };
  }),
  'readers.add': handler(readerCalls.addReader, async (input, ctx) => {
    const { schoolId } = requireUser(ctx);
    await checkSave(ctx, schoolId, input, null);
    const id = await guardUnique(() => writeTx(ctx.app.db, (trx) => insertReader(trx, schoolId, input, new Date().toISOString())));
    return dtoOf(ctx, schoolId, (await findReader(ctx.app.db, schoolId, id))!);
  }),
  'readers.update': handler(readerCalls.updateReader, async (input, ctx) => {
    const { schoolId } = requireUser(ctx);
    if (!(await findReader(ctx.app.db, schoolId, input.ID))) throw AppError.notFound('errors:readerNotFound');
    await checkSave(ctx, schoolId, input, input.ID);
    await guardUnique(() =>
      ctx.app.db.updateTable('users').set(userValues(input, new Date().toISOString())).where('school_id', '=', schoolId).where('id', '=', input.ID).execute());
    return dtoOf(ctx, schoolId, (await findReader(ctx.app.db, schoolId, input.ID))!);
  }),
  'readers.delete': handler(readerCalls.deleteReader, async (input, ctx) => {
    const { userId, schoolId } = requireUser(ctx);
    if (input.ID === userId) throw AppError.conflict('errors:readerDeleteSelf');
    await writeTx(ctx.app.db, async (trx) => {
      const row = await trx.selectFrom('users').select('id').where('school_id', '=', schoolId).where('id', '=', input.ID).executeTakeFirst();
      if (!row) throw AppError.notFound('errors:readerNotFound');
      // Loan history is the library's record: such a reader is disabled, not deleted.
      const loan = await trx.selectFrom('loans').select('id').where('school_id', '=', schoolId).where('user_id', '=', input.ID).limit(1).executeTakeFirst();
      if (loan) throw AppError.conflict('errors:readerHasLoans');
      try {
        await trx.deleteFrom('users').where('school_id', '=', schoolId).where('id', '=', input.ID).execute();
      } catch (err) {
        if (isForeignKeyViolation(err)) throw AppError.conflict('errors:referenced');
        throw err;
      }
    });
    return null;
  }),
  'readers.getDeptOptions': handler(readerCalls.getDeptOptions, async (_input, ctx) => {
    const { schoolId } = requireUser(ctx);
    const rows = await ctx.app.db.selectFrom('departments').select(['id', 'name', 'en_name', 'kind', 'sort', 'parent_id'])
      .where('school_id', '=', schoolId).orderBy('parent_id').orderBy('sort').orderBy('id').execute();
    return rows.map((d) => ({ ID: d.id, Name: ctx.lang === 'en-US' ? d.en_name || d.name : d.name }));
  }),
  'readers.updateStudentParents': handler(readerCalls.updateStudentParents, async (input, ctx) => {
    const { schoolId } = requireUser(ctx);
    const ids = [...new Set(input.ParentIDs)];
    await writeTx(ctx.app.db, async (trx) => {
      const student = await trx.selectFrom('users').select('identity').where('school_id', '=', schoolId).where('id', '=', input.StudentID).executeTakeFirst();
      if (!student) throw AppError.notFound('errors:readerNotFound');
      if (student.identity !== 'student') throw AppError.conflict('errors:readerNotStudent');
      const parents = ids.length
        ? await trx.selectFrom('users').select(['id', 'identity']).where('school_id', '=', schoolId).where('id', 'in', ids).execute()
        : [];
      // Another school's id is simply "not found": nothing tells it exists.
      if (parents.length !== ids.length) throw AppError.notFound('errors:readerNotFound');
      if (parents.some((p) => p.identity !== 'parent')) throw AppError.conflict('errors:readerNotParent');
      await trx.deleteFrom('student_parents').where('school_id', '=', schoolId).where('student_id', '=', input.StudentID).execute();
      if (ids.length) await trx.insertInto('student_parents').values(ids.map((p) => ({ school_id: schoolId, student_id: input.StudentID, parent_id: p }))).execute();
    });
    const rows = ids.length
      ? await readersOf(ctx.app.db, schoolId).where('users.id', 'in', ids).orderBy('users.id').execute()
      : [];
    return { StudentID: input.StudentID, Parents: rows.map((p) => ({ ID: p.id, Name: p.name, ReaderID: p.reader_id, Phone: maskPhone(p.phone) })) };
  }),
  ...readerImportHandlers,
  'readers.exportReaders': handler(readerCalls.exportReaders, async (input, ctx) => {
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
} satisfies HandlerMapFor<typeof readerCalls>;
