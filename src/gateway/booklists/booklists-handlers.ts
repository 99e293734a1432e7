import { booklistCalls as C, MAX_ENTRIES, type BooklistInput } from '../../shared/api/booklists.ts';
import { requireUser } from '../access/call-context.ts';
import { isUniqueViolation, writeTx } from '../db/connect.ts';
import { AppError } from '../http/app-error.ts';
import { handler, type HandlerMapFor } from '../http/handler-types.ts';
import { entryById, entryPage, findList, listPage, toLists, type Db } from './booklists-store.ts';

/**
 * Reading lists (contract: shared/api/booklists.ts). Staff keep lists and their ordered titles;
 * readers read the published ones. Entry order is a dense 1..n `sort` rewritten on reorder, so a
 * list's order never depends on when a title was added.
 */

const nowIso = () => new Date().toISOString();

async function listOr404(db: Db, schoolId: number, id: number) {
  const row = await findList(db, schoolId, id);
  if (!row) throw AppError.notFound('booklists:errors.notFound');
  return row;
}

/** Target grades must be grades of this school (404 otherwise). */
async function checkGrades(db: Db, schoolId: number, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  if (!unique.length) return unique;
  const found = await db.selectFrom('departments').select('id').where('school_id', '=', schoolId).where('kind', '=', 'grade').where('id', 'in', unique).execute();
  if (found.length !== unique.length) throw AppError.notFound('booklists:errors.gradeNotFound');
  return unique;
}

const values = (i: BooklistInput, grades: number[]) => ({
  name: i.Name, description: i.Description, stages: JSON.stringify([...new Set(i.Stages)]), grade_ids: JSON.stringify(grades), published: i.Published ? 1 : 0,
});

async function guardName<T>(name: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (isUniqueViolation(err)) throw AppError.refused('booklists:errors.nameExists', { name });
    throw err;
  }
}

/** Touching a list's titles is a change of the list (its "updated" time orders the lists). */
const touch = (trx: Db, schoolId: number, id: number) =>
  trx.updateTable('booklists').set({ updated_at: nowIso() }).where('school_id', '=', schoolId).where('id', '=', id).execute();

export const booklistHandlers = {
  'booklists.list': handler(C.list, async (input, ctx) => listPage(ctx.app.db, requireUser(ctx).schoolId, { ...input, publishedOnly: false }, ctx.lang)),

  'booklists.get': handler(C.get, async (input, ctx) => {
    const { schoolId } = requireUser(ctx);
    return (await toLists(ctx.app.db, schoolId, [await listOr404(ctx.app.db, schoolId, input.ID)], ctx.lang))[0]!;
  }),

  'booklists.add': handler(C.add, async (input, ctx) => {
    const { userId, schoolId } = requireUser(ctx);
    const row = await writeTx(ctx.app.db, async (trx) => {
      const grades = await checkGrades(trx, schoolId, input.GradeIDs);
      const at = nowIso();
      return guardName(input.Name, () => trx.insertInto('booklists')
        .values({ school_id: schoolId, ...values(input, grades), created_by: userId, created_at: at, updated_at: at })
        .returningAll().executeTakeFirstOrThrow());
    });
    return (await toLists(ctx.app.db, schoolId, [row], ctx.lang))[0]!;
  }),

  'booklists.update': handler(C.update, async (input, ctx) => {
    const { schoolId } = requireUser(ctx);
    const row = await writeTx(ctx.app.db, async (trx) => {
      await listOr404(trx, schoolId, input.ID);
      const grades = await checkGrades(trx, schoolId, input.GradeIDs);
      return guardName(input.Name, () => trx.updateTable('booklists').set({ ...values(input, grades), updated_at: nowIso() })
        .where('school_id', '=', schoolId).where('id', '=', input.ID).returningAll().executeTakeFirstOrThrow());
    });
    return (await toLists(ctx.app.db, schoolId, [row], ctx.lang))[0]!;
  }),

  'booklists.delete': handler(C.delete, async (input, ctx) => {
    const { schoolId } = requireUser(ctx);
    await writeTx(ctx.app.db, async (trx) => {
      await listOr404(trx, schoolId, input.ID);
      await trx.deleteFrom('booklist_entries').where('school_id', '=', schoolId).where('booklist_id', '=', input.ID).execute();
      await trx.deleteFrom('booklists').where('school_id', '=', schoolId).where('id', '=', input.ID).execute();
    });
    return null;
  }),

  'booklists.grades': handler(C.grades, async (_input, ctx) => {
    const { schoolId } = requireUser(ctx);
    const rows = await ctx.app.db.selectFrom('departments').select(['id', 'name', 'en_name', 'learning_stage'])
      .where('school_id', '=', schoolId).where('kind', '=', 'grade').where('state', '=', 1)
      .orderBy('learning_stage').orderBy('grade_level').orderBy('sort').orderBy('id').execute();
    const stage = (s: string | null): 'primary' | 'junior' | 'senior' | null => (s === 'primary' || s === 'junior' || s === 'senior' ? s : null);
    return rows.map((r) => ({ ID: r.id, Name: ctx.lang === 'en-US' && r.en_name ? r.en_name : r.name, LearningStage: stage(r.learning_stage) }));
  }),

  'booklists.entries': handler(C.entries, async (input, ctx) => {
    const { schoolId } = requireUser(ctx);
    await listOr404(ctx.app.db, schoolId, input.ListID);
    return entryPage(ctx.app.db, schoolId, input.ListID, input.Page, input.Rows);
  }),

  'booklists.addEntries': handler(C.addEntries, async (input, ctx) => {
    const { userId, schoolId } = requireUser(ctx);
    const wanted = [...new Set(input.ItemIDs)];
    return writeTx(ctx.app.db, async (trx) => {
      await listOr404(trx, schoolId, input.ListID);
      const titles = await trx.selectFrom('titles').select('id').where('school_id', '=', schoolId).where('id', 'in', wanted).execute();
      if (titles.length !== wanted.length) throw AppError.notFound('booklists:errors.titleNotFound');
      const on = await trx.selectFrom('booklist_entries').select(['title_id', 'sort']).where('booklist_id', '=', input.ListID).execute();
      const already = new Set(on.map((e) => e.title_id));
      const fresh = wanted.filter((id) => !already.has(id));
      if (on.length + fresh.length > MAX_ENTRIES) throw AppError.refused('booklists:errors.tooManyEntries', { max: MAX_ENTRIES });
      let sort = Math.max(0, ...on.map((e) => e.sort));
      const at = nowIso();
      if (fresh.length) {
        await trx.insertInto('booklist_entries').values(fresh.map((titleId) => ({
          school_id: schoolId, booklist_id: input.ListID, title_id: titleId, sort: ++sort, note: input.Note, added_by: userId, added_at: at,
        }))).execute();
        await touch(trx, schoolId, input.ListID);
      }
      return {
        Added: fresh.length,
        Rows: wanted.map((id) => ({ ItemID: id, Outcome: already.has(id) ? 'already' as const : 'added' as const })),
      };
    });
  }),

  'booklists.removeEntries': handler(C.removeEntries, async (input, ctx) => {
    const { schoolId } = requireUser(ctx);
    const ids = [...new Set(input.IDs)];
    return writeTx(ctx.app.db, async (trx) => {
      await listOr404(trx, schoolId, input.ListID);
      const found = await trx.selectFrom('booklist_entries').select('id').where('school_id', '=', schoolId).where('booklist_id', '=', input.ListID).where('id', 'in', ids).execute();
      if (found.length !== ids.length) throw AppError.notFound('booklists:errors.entryNotFound');
      await trx.deleteFrom('booklist_entries').where('school_id', '=', schoolId).where('booklist_id', '=', input.ListID).where('id', 'in', ids).execute();
      await touch(trx, schoolId, input.ListID);
      return { Removed: ids.length };
    });
  }),

  'booklists.reorder': handler(C.reorder, async (input, ctx) => {
    const { schoolId } = requireUser(ctx);
    await writeTx(ctx.app.db, async (trx) => {
      await listOr404(trx, schoolId, input.ListID);
      const on = await trx.selectFrom('booklist_entries').select('id').where('school_id', '=', schoolId).where('booklist_id', '=', input.ListID).execute();
      const have = new Set(on.map((e) => e.id));
      // The whole order, each entry once: a stale screen (someone added or removed meanwhile) is told to reload.
      if (new Set(input.IDs).size !== input.IDs.length || input.IDs.length !== have.size || input.IDs.some((id) => !have.has(id))) {
        throw AppError.refused('booklists:errors.orderStale');
      }
      for (const [i, id] of input.IDs.entries()) {
        await trx.updateTable('booklist_entries').set({ sort: i + 1 }).where('id', '=', id).where('booklist_id', '=', input.ListID).execute();
      }
      await touch(trx, schoolId, input.ListID);
    });
    return null;
  }),

  'booklists.updateEntry': handler(C.updateEntry, async (input, ctx) => {
    const { schoolId } = requireUser(ctx);
    await writeTx(ctx.app.db, async (trx) => {
      const row = await trx.selectFrom('booklist_entries').select(['id', 'booklist_id']).where('school_id', '=', schoolId).where('id', '=', input.ID).executeTakeFirst();
      if (!row) throw AppError.notFound('booklists:errors.entryNotFound');
      await trx.updateTable('booklist_entries').set({ note: input.Note }).where('id', '=', row.id).execute();
      await touch(trx, schoolId, row.booklist_id);
    });
    return (await entryById(ctx.app.db, schoolId, input.ID))!;
  }),

  'booklists.published': handler(C.published, async (input, ctx) => listPage(ctx.app.db, requireUser(ctx).schoolId, { ...input, publishedOnly: true }, ctx.lang)),

  'booklists.publishedEntries': handler(C.publishedEntries, async (input, ctx) => {
    const { schoolId } = requireUser(ctx);
    const list = await findList(ctx.app.db, schoolId, input.ListID);
    if (!list || list.published !== 1) throw AppError.notFound('booklists:errors.notFound');
    return entryPage(ctx.app.db, schoolId, input.ListID, input.Page, input.Rows);
  }),
} satisfies HandlerMapFor<typeof C>;
