import type { Selectable, Transaction } from 'kysely';
import { organizationCalls as c, type Subject, type Term } from '../../shared/api/organization.ts';
import type { Database } from '../db/schema.ts';
import type { SubjectsTable, TermsTable } from '../db/schema-organization.ts';
import { isUniqueViolation, writeTx } from '../db/connect.ts';
import { handler, type HandlerMapFor } from '../http/handler-types.ts';
import { AppError } from '../http/app-error.ts';
import { containsText } from '../db/like.ts';
import { requireSchool } from '../access/call-context.ts';

type Tx = Transaction<Database>;

const toTerm = (r: Selectable<TermsTable>): Term => ({
  ID: r.id, SchoolYear: r.school_year, Name: r.name, EnName: r.en_name, StartDate: r.start_date, EndDate: r.end_date, IsCurrent: r.is_current === 1,
});
const toSubject = (r: Selectable<SubjectsTable>): Subject => ({ ID: r.id, Name: r.name, EnName: r.en_name, Code: r.code, Sort: r.sort, State: r.state });

/** A unique index that fires under a race still ends in the friendly message. */
async function guardUnique<T>(key: string, params: Record<string, unknown>, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (isUniqueViolation(err)) throw AppError.conflict(key, params);
    throw err;
  }
}

interface TermInput { SchoolYear: string; Name: string; EnName: string; StartDate: string; EndDate: string }

/** Terms of a school never overlap, and a school year names each term once. */
async function checkTerm(trx: Tx, schoolId: number, t: TermInput, exceptId?: number) {
  let same = trx.selectFrom('terms').select('id').where('school_id', '=', schoolId).where('school_year', '=', t.SchoolYear).where('name', '=', t.Name);
  let overlap = trx.selectFrom('terms').select(['id', 'school_year', 'name']).where('school_id', '=', schoolId)
    .where('start_date', '<=', t.EndDate).where('end_date', '>=', t.StartDate);
  if (exceptId != null) {
    same = same.where('id', '!=', exceptId);
    overlap = overlap.where('id', '!=', exceptId);
  }
  if (await same.executeTakeFirst()) throw AppError.conflict('errors:organization.termExists', { year: t.SchoolYear, name: t.Name });
  const o = await overlap.executeTakeFirst();
  if (o) throw AppError.conflict('errors:organization.termOverlap', { year: o.school_year, name: o.name });
}

const termValues = (t: TermInput) => ({ school_year: t.SchoolYear, name: t.Name, en_name: t.EnName, start_date: t.StartDate, end_date: t.EndDate, updated_at: new Date().toISOString() });

async function mustTerm(trx: Tx, schoolId: number, id: number) {
  const r = await trx.selectFrom('terms').selectAll().where('school_id', '=', schoolId).where('id', '=', id).executeTakeFirst();
  if (!r) throw AppError.notFound();
  return r;
}

export const semesterHandlers = {
  'organization.getTermList': handler(c.getTermList, async (i, ctx) => {
    const schoolId = requireSchool(ctx);
    let q = ctx.app.db.selectFrom('terms').where('school_id', '=', schoolId);
    if (i.SearchKey?.trim()) q = q.where((eb) => eb.or([containsText('name', i.SearchKey!.trim()), containsText('school_year', i.SearchKey!.trim())]));
    const [{ n }, rows] = await Promise.all([
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      q.selectAll().orderBy('start_date', 'desc').limit(i.Rows).offset((i.Page - 1) * i.Rows).execute(),
    ]);
    return { Total: Number(n), List: rows.map(toTerm) };
  }),
  'organization.getCurrentTerm': handler(c.getCurrentTerm, async (_i, ctx) => {
    const r = await ctx.app.db.selectFrom('terms').selectAll().where('school_id', '=', requireSchool(ctx)).where('is_current', '=', 1).executeTakeFirst();
    return r ? toTerm(r) : null;
  }),
  'organization.addTerm': handler(c.addTerm, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    const row = await guardUnique('errors:organization.termExists', { year: input.SchoolYear, name: input.Name }, () => writeTx(ctx.app.db, async (trx) => {
      await checkTerm(trx, schoolId, input);
      // The school's first term becomes the current one.
      const hasCurrent = await trx.selectFrom('terms').select('id').where('school_id', '=', schoolId).where('is_current', '=', 1).executeTakeFirst();
      return trx.insertInto('terms').values({ school_id: schoolId, ...termValues(input), is_current: hasCurrent ? 0 : 1 }).returningAll().executeTakeFirstOrThrow();
    }));
    return toTerm(row);
  }),
  'organization.updateTerm': handler(c.updateTerm, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    const row = await guardUnique('errors:organization.termExists', { year: input.SchoolYear, name: input.Name }, () => writeTx(ctx.app.db, async (trx) => {
      await mustTerm(trx, schoolId, input.ID);
      await checkTerm(trx, schoolId, input, input.ID);
      return trx.updateTable('terms').set(termValues(input)).where('school_id', '=', schoolId).where('id', '=', input.ID).returningAll().executeTakeFirstOrThrow();
    }));
    return toTerm(row);
  }),
  'organization.deleteTerm': handler(c.deleteTerm, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    await writeTx(ctx.app.db, async (trx) => {
      const t = await mustTerm(trx, schoolId, input.ID);
      if (t.is_current === 1) throw AppError.conflict('errors:organization.termIsCurrent', { name: t.name });
      await trx.deleteFrom('terms').where('school_id', '=', schoolId).where('id', '=', input.ID).execute();
    });
    return null;
  }),
  'organization.setCurrentTerm': handler(c.setCurrentTerm, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    const row = await writeTx(ctx.app.db, async (trx) => {
      await mustTerm(trx, schoolId, input.ID);
      await trx.updateTable('terms').set({ is_current: 0 }).where('school_id', '=', schoolId).where('is_current', '=', 1).execute();
      return trx.updateTable('terms').set({ is_current: 1, updated_at: new Date().toISOString() })
        .where('school_id', '=', schoolId).where('id', '=', input.ID).returningAll().executeTakeFirstOrThrow();
    });
    return toTerm(row);
  }),

  'organization.getSubjectList': handler(c.getSubjectList, async (i, ctx) => {
    const schoolId = requireSchool(ctx);
    let q = ctx.app.db.selectFrom('subjects').where('school_id', '=', schoolId);
    if (i.SearchKey?.trim()) q = q.where((eb) => eb.or([containsText('name', i.SearchKey!.trim()), containsText('en_name', i.SearchKey!.trim())]));
    const [{ n }, rows] = await Promise.all([
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      q.selectAll().orderBy('sort').orderBy('id').limit(i.Rows).offset((i.Page - 1) * i.Rows).execute(),
    ]);
    return { Total: Number(n), List: rows.map(toSubject) };
  }),
  'organization.addSubject': handler(c.addSubject, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    const row = await guardUnique('errors:organization.subjectExists', { name: input.Name }, () => writeTx(ctx.app.db, (trx) =>
      trx.insertInto('subjects').values({ school_id: schoolId, name: input.Name, en_name: input.EnName, code: input.Code, sort: input.Sort, state: input.State })
        .returningAll().executeTakeFirstOrThrow()));
    return toSubject(row);
  }),
  'organization.updateSubject': handler(c.updateSubject, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    const row = await guardUnique('errors:organization.subjectExists', { name: input.Name }, () => writeTx(ctx.app.db, (trx) =>
      trx.updateTable('subjects').set({ name: input.Name, en_name: input.EnName, code: input.Code, sort: input.Sort, state: input.State })
        .where('school_id', '=', schoolId).where('id', '=', input.ID).returningAll().executeTakeFirst()));
    if (!row) throw AppError.notFound();
    return toSubject(row);
  }),
  'organization.deleteSubject': handler(c.deleteSubject, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    const r = await writeTx(ctx.app.db, (trx) => trx.deleteFrom('subjects').where('school_id', '=', schoolId).where('id', '=', input.ID).executeTakeFirst());
    if (Number(r.numDeletedRows) === 0) throw AppError.notFound();
    return null;
  }),
} satisfies HandlerMapFor<typeof c>;
