import type { QueryOptions } from '../../shared/api/statistical-query.ts';
import type { Db } from '../catalogue/catalogue-store.ts';
import type { QueryScope } from './query-store.ts';

type Option = { ID: number; Name: string };

/**
 * The builder's choices the caller may see: branches and resource types of their roles' scope,
 * the areas of those branches, the school's batches, and the grades, classes and departments —
 * a head teacher or class librarian only their own classes (and the grades above them).
 */
export async function queryOptions(db: Db, s: QueryScope): Promise<Omit<QueryOptions, 'Subjects' | 'ReaderNames'>> {
  const en = s.lang === 'en-US';
  const named = (rows: Array<{ id: number; name: string; en_name: string }>): Option[] => rows.map((r) => ({ ID: r.id, Name: (en && r.en_name) || r.name }));
  const inScope = (ids: readonly number[] | null) => (ids == null ? null : ids.length ? [...ids] : [-1]);
  const branches = inScope(s.branchIds);
  const types = inScope(s.typeIds);
  const [b, a, t, batches, depts] = await Promise.all([
    db.selectFrom('branches').select(['id', 'name', 'en_name']).where('school_id', '=', s.schoolId)
      .$if(branches != null, (q) => q.where('id', 'in', branches!)).orderBy('sort').orderBy('id').execute(),
    db.selectFrom('collection_areas').select(['id', 'name', 'en_name']).where('school_id', '=', s.schoolId)
      .$if(branches != null, (q) => q.where('branch_id', 'in', branches!)).orderBy('branch_id').orderBy('sort').orderBy('id').execute(),
    db.selectFrom('resource_types').select(['id', 'name', 'en_name']).where('school_id', '=', s.schoolId)
      .$if(types != null, (q) => q.where('id', 'in', types!)).orderBy('sort').orderBy('id').execute(),
    db.selectFrom('batches').select(['id', 'batch_no']).where('school_id', '=', s.schoolId)
      .$if(branches != null, (q) => q.where('branch_id', 'in', branches!)).orderBy('registered_on', 'desc').orderBy('id', 'desc').limit(500).execute(),
    db.selectFrom('departments').select(['id', 'parent_id', 'name', 'en_name', 'kind', 'sort'])
      .where('school_id', '=', s.schoolId).where('kind', 'in', ['grade', 'class', 'dept']).where('state', '=', 1).orderBy('sort').orderBy('id').execute(),
  ]);
  const mine = s.deptIds ? new Set(s.deptIds) : null;
  const classes = depts.filter((d) => d.kind === 'class' && (!mine || mine.has(d.id)));
  const gradeIds = new Set(classes.map((c) => c.parent_id));
  const grades = depts.filter((d) => d.kind === 'grade' && (!mine || gradeIds.has(d.id)));
  const gradeOrder = new Map(grades.map((g, i) => [g.id, i]));
  classes.sort((x, y) => (gradeOrder.get(x.parent_id ?? -1) ?? 1e9) - (gradeOrder.get(y.parent_id ?? -1) ?? 1e9) || x.sort - y.sort || x.id - y.id);
  return {
    Branches: named(b), Areas: named(a), ResourceTypes: named(t),
    Batches: batches.map((x) => ({ ID: x.id, Name: x.batch_no })),
    Grades: named(grades), Classes: named(classes),
    Depts: mine ? [] : named(depts.filter((d) => d.kind === 'dept')),
  };
}
