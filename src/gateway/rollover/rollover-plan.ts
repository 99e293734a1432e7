import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { GroupMapEntry, RolloverPlan } from '../../shared/api/rollover.ts';
import { planGroupMoves, type GroupOps } from './rollover-groups.ts';

type Db = Kysely<Database> | Transaction<Database>;

interface DeptRow {
  id: number;
  parent_id: number | null;
  name: string;
  en_name: string;
  kind: string;
  sort: number;
  grade_level?: unknown;
}

/** The internal plan: the DTO plus what apply needs (new parents and names per class). */
export interface PlanDetail {
  dto: RolloverPlan;
  moves: Array<{ id: number; parent_id: number; name: string; en_name: string }>;
  graduating: number[];
  expiring: number[];
  /** Permission-group assignment rows removed and added (see rollover-groups). */
  groups: GroupOps;
}

/** The grade's level: the departments' grade_level (migration 0005) when present, else its sort order. */
const levelOf = (d: DeptRow) => (typeof d.grade_level === 'number' ? d.grade_level : d.sort);

/** "一年级1班" under 一年级 → "二年级1班"; a name that does not start with its grade's name stays. */
function rename(name: string, from: string, to: string): string {
  return from && name.startsWith(from) ? to + name.slice(from.length) : name;
}

/**
 * Computes every change of a school-year rollover without writing: within each learning stage
 * (the grades under one parent, in level order) classes move up one grade, the top grade's
 * classes graduate (into a cohort department), their students' cards expire.
 */
export async function planRollover(db: Db, schoolId: number, now: Date, groupMap: readonly GroupMapEntry[] = []): Promise<PlanDetail> {
  const depts = (await db.selectFrom('departments').selectAll().where('school_id', '=', schoolId).orderBy('id').execute()) as DeptRow[];
  const grades = depts.filter((d) => d.kind === 'grade');
  const stages = new Map<number | null, DeptRow[]>();
  for (const g of grades) stages.set(g.parent_id, [...(stages.get(g.parent_id) ?? []), g]);
  const classesOf = (gradeId: number) => depts.filter((d) => d.kind === 'class' && d.parent_id === gradeId).sort((a, b) => a.sort - b.sort || a.id - b.id);

  const promoted: RolloverPlan['Promoted'] = [];
  const moves: PlanDetail['moves'] = [];
  const graduatingRows: Array<{ cls: DeptRow; grade: DeptRow }> = [];
  for (const list of stages.values()) {
    list.sort((a, b) => levelOf(a) - levelOf(b) || a.id - b.id);
    list.forEach((grade, i) => {
      const next = list[i + 1];
      for (const cls of classesOf(grade.id)) {
        if (!next) {
          graduatingRows.push({ cls, grade });
          continue;
        }
        const name = rename(cls.name, grade.name, next.name);
        const en = rename(cls.en_name, grade.en_name, next.en_name);
        moves.push({ id: cls.id, parent_id: next.id, name, en_name: en });
        promoted.push({
          DeptID: cls.id, FromName: cls.name, FromEnName: cls.en_name, ToName: name, ToEnName: en,
          FromGrade: grade.name, ToGrade: next.name, Students: 0,
        });
      }
    });
  }

  const classIds = [...promoted.map((p) => p.DeptID), ...graduatingRows.map((g) => g.cls.id)];
  const counts = classIds.length
    ? await db.selectFrom('users').select(['dept_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('school_id', '=', schoolId).where('identity', '=', 'student').where('dept_id', 'in', classIds).groupBy('dept_id').execute()
    : [];
  const countOf = new Map(counts.map((c) => [c.dept_id, Number(c.n)]));
  for (const p of promoted) p.Students = countOf.get(p.DeptID) ?? 0;

  const gradIds = graduatingRows.map((g) => g.cls.id);
  const expiringRows = gradIds.length
    ? await db.selectFrom('users').select(['id', 'name', 'reader_id', 'dept_id', 'status', 'expire_at'])
      .where('school_id', '=', schoolId).where('identity', '=', 'student').where('dept_id', 'in', gradIds)
      .where('status', '<>', 'expired').orderBy('dept_id').orderBy('id').execute()
    : [];
  const byId = new Map(depts.map((d) => [d.id, d]));
  const orderedGrades = [...stages.values()].flat();
  const groups = await planGroupMoves(db, schoolId, { depts, grades: orderedGrades, moves, graduating: gradIds, map: groupMap });
  const year = now.getUTCFullYear();
  const dto: RolloverPlan = {
    Fingerprint: '',
    CohortName: `${year}届毕业班级`,
    CohortEnName: `Graduated classes of ${year}`,
    Promoted: promoted,
    Graduating: graduatingRows.map(({ cls, grade }) => ({ DeptID: cls.id, Name: cls.name, EnName: cls.en_name, Grade: grade.name, Students: countOf.get(cls.id) ?? 0 })),
    Expiring: expiringRows.map((u) => ({
      UserID: u.id, Name: u.name, ReaderID: u.reader_id, ClassName: byId.get(u.dept_id!)?.name ?? '', ClassEnName: byId.get(u.dept_id!)?.en_name ?? '',
      FromStatus: u.status, FromExpireAt: u.expire_at,
    })),
    ...groups.dto,
    Skipped: groups.skipped ? [{ Step: 'groups', Reason: groups.skipped }] : [],
  };
  // The fingerprint covers every change, so a commit applies exactly what was previewed.
  dto.Fingerprint = createHash('sha256')
    .update(JSON.stringify([dto.CohortName, moves, gradIds, dto.Expiring.map((e) => [e.UserID, e.FromStatus, e.FromExpireAt]), dto.GroupMoves, groups.ops]))
    .digest('hex')
    .slice(0, 32);
  return { dto, moves, graduating: gradIds, expiring: expiringRows.map((u) => u.id), groups: groups.ops };
}
