import { MAX_SAVED_QUERIES, statisticalQuery, type SavedQuery, type StatisticalQuery } from '../../shared/api/statistical-query.ts';
import type { Db } from '../catalogue/catalogue-store.ts';
import { AppError } from '../http/app-error.ts';

/**
 * Saved queries, per school: a name and the query object. A query carries no rights of its own —
 * whoever opens it runs it within their own reach — so the school's list is shared. A stored
 * query that no longer parses (the contract changed) is left out rather than failing the list.
 */
export async function listSaved(db: Db, schoolId: number, userId: number, staff: boolean): Promise<SavedQuery[]> {
  const rows = await db.selectFrom('saved_queries as s').leftJoin('users as u', 'u.id', 's.user_id')
    .select(['s.id', 's.name', 's.query', 's.user_id', 's.created_at', 'u.name as uname'])
    .where('s.school_id', '=', schoolId).orderBy('s.id', 'desc').limit(MAX_SAVED_QUERIES).execute();
  const out: SavedQuery[] = [];
  for (const r of rows) {
    let parsed: ReturnType<typeof statisticalQuery.safeParse>;
    try {
      parsed = statisticalQuery.safeParse(JSON.parse(r.query));
    } catch {
      continue;
    }
    if (!parsed.success) continue;
    out.push({ ID: r.id, Name: r.name, Query: parsed.data, SavedBy: r.uname ?? '', Deletable: staff || r.user_id === userId, CreatedAt: r.created_at });
  }
  return out;
}

export async function saveQuery(db: Db, schoolId: number, userId: number, name: string, query: StatisticalQuery): Promise<number> {
  const count = await db.selectFrom('saved_queries').select((e) => e.fn.countAll<number | string>().as('n')).where('school_id', '=', schoolId).executeTakeFirst();
  if (Number(count?.n ?? 0) >= MAX_SAVED_QUERIES) throw AppError.refused('statistical-query:errors.tooManySaved', { max: MAX_SAVED_QUERIES });
  const row = await db.insertInto('saved_queries')
    .values({ school_id: schoolId, user_id: userId, name, query: JSON.stringify(query), created_at: new Date().toISOString() })
    .returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function deleteSaved(db: Db, schoolId: number, userId: number, staff: boolean, id: number): Promise<void> {
  const row = await db.selectFrom('saved_queries').select(['user_id']).where('id', '=', id).where('school_id', '=', schoolId).executeTakeFirst();
  if (!row) throw AppError.notFound();
  if (!staff && row.user_id !== userId) throw AppError.forbidden();
  await db.deleteFrom('saved_queries').where('id', '=', id).where('school_id', '=', schoolId).execute();
}
