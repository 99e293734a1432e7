import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { GroupMapEntry, RolloverPlan } from '../../shared/api/rollover.ts';
import { resolveGroup, type GroupResolution } from '../../shared/domain/borrowing/group-resolution.ts';
import type { AssignmentKind, PermissionGroup, ReaderContext } from '../../shared/domain/borrowing/schemas.ts';
import { foldAssignments, loadGroups } from '../borrow-rules/borrow-rule-store.ts';
import { AppError } from '../http/app-error.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The permission-group step of the rollover.
 *
 * Grade assignments stay on the grade: classes moving up a grade come under the group of their new
 * grade with no row changing. Class assignments travel with the class. So the rows that really
 * change are (a) the reader assignments of graduating students (they leave the school; undo puts
 * them back) and (b) the school's optional per-rollover mapping of grades and classes to groups.
 * Each affected reader's effective group is resolved (reader > class > grade/department > identity
 * > default) before and after, and every reader whose group changes is listed.
 */

export interface DeptNode { id: number; parent_id: number | null; kind: string; name: string; en_name: string }

/** A group_assignments row as stored (kept in the rollover batch so undo restores it exactly). */
export interface AssignmentState { id: number; group_id: number; kind: AssignmentKind; target_id: string; created_at: string }

export interface GroupOps {
  remove: AssignmentState[];
  add: Array<{ group_id: number; kind: 'class' | 'grade'; target_id: string }>;
}

export interface GroupStepInput {
  depts: readonly DeptNode[];
  /** Grades in display order (stage, then level). */
  grades: readonly DeptNode[];
  /** Promoted classes and their new grade. */
  moves: ReadonlyArray<{ id: number; parent_id: number }>;
  /** Graduating class ids. */
  graduating: readonly number[];
  map: readonly GroupMapEntry[];
}

type GroupDto = Pick<RolloverPlan, 'GroupMoves' | 'GroupChanges' | 'GroupRows' | 'GroupTargets' | 'Groups'>;
export interface GroupStep { dto: GroupDto; ops: GroupOps; skipped: string | null }

const EMPTY: GroupDto = { GroupMoves: [], GroupChanges: [], GroupRows: [], GroupTargets: [], Groups: [] };
/** The graduates' cohort department does not exist before commit: a stand-in id for the "after" tree. */
const COHORT = -1;


interface UserRow { id: number; name: string; reader_id: string; identity: ReaderContext['Identity']; dept_id: number | null }

/** The reader as the rules module sees it, over a department tree given by `node` (same walk as readerContext). */
function contextOf(u: UserRow, node: (id: number) => { parent_id: number | null; kind: string } | undefined): ReaderContext {
  let ClassID: string | null = null;
  let GradeID: string | null = null;
  const DepartmentIDs: string[] = [];
  let id = u.dept_id;
  for (let depth = 0; id != null && depth < 20; depth++) {
    const d = node(id);
    if (!d) break;
    if (d.kind === 'class' && ClassID == null) ClassID = String(id);
    else if (d.kind === 'grade' && GradeID == null) GradeID = String(id);
    else if ((d.kind === 'dept' || d.kind === 'org') && id > 0) DepartmentIDs.push(String(id));
    id = d.parent_id;
  }
  return { ReaderID: u.reader_id, Identity: u.identity, ClassID, GradeID, DepartmentIDs, CardStatus: 'active', CardExpiresAt: null, Loans: [] };
}

/** A resolution as one comparable key (null: no group) and its names. */
function outcome(r: GroupResolution, groups: ReadonlyMap<string, PermissionGroup>): { id: string | null; name: string; en: string } {
  if (r.status === 'resolved') return { id: r.group.ID, name: r.group.Name, en: r.group.EnName };
  if (r.status === 'none') return { id: null, name: '', en: '' };
  const ids = [...new Set(r.matches.map((m) => m.groupId))].sort();
  const gs = ids.map((i) => groups.get(i)).filter((g): g is PermissionGroup => g != null);
  return { id: `ambiguous:${ids.join(',')}`, name: gs.map((g) => g.Name).join(' / '), en: gs.map((g) => g.EnName || g.Name).join(' / ') };
}

export async function planGroupMoves(db: Db, schoolId: number, input: GroupStepInput): Promise<GroupStep> {
  const groupList = await loadGroups(db, schoolId);
  if (!groupList.length) {
    if (input.map.length) throw AppError.notFound('validation:rollover.unknownGroup');
    return { dto: EMPTY, ops: { remove: [], add: [] }, skipped: 'roles:rollover.skip.noGroups' };
  }
  const groups = new Map(groupList.map((g) => [g.ID, g]));
  const deptById = new Map(input.depts.map((d) => [d.id, d]));
  for (const e of input.map) {
    if (deptById.get(e.DeptID)?.kind !== e.Kind) throw AppError.notFound('validation:rollover.unknownTarget', { id: e.DeptID });
    if (e.GroupID != null && !groups.has(e.GroupID)) throw AppError.notFound('validation:rollover.unknownGroup');
  }

  const rows = (await db.selectFrom('group_assignments').select(['id', 'group_id', 'kind', 'target_id', 'created_at'])
    .where('school_id', '=', schoolId).orderBy('id').execute()) as AssignmentState[];
  const classIds = [...input.moves.map((m) => m.id), ...input.graduating];
  const users: UserRow[] = [];
  for (let i = 0; i < classIds.length; i += 500) {
    users.push(...(await db.selectFrom('users').select(['id', 'name', 'reader_id', 'identity', 'dept_id'])
      .where('school_id', '=', schoolId).where('dept_id', 'in', classIds.slice(i, i + 500)).orderBy('dept_id').orderBy('id').execute()));
  }

  // (a) Graduating students leave: their own reader assignments go.
  const grad = new Set(input.graduating);
  const graduates = new Map(users.filter((u) => u.identity === 'student' && u.dept_id != null && grad.has(u.dept_id)).map((u) => [u.reader_id, u]));
  const remove = rows.filter((r) => r.kind === 'reader' && graduates.has(r.target_id));
  const add: GroupOps['add'] = [];
  const rowChanges: RolloverPlan['GroupRows'] = remove.map((r) => {
    const u = graduates.get(r.target_id)!;
    return { Kind: 'reader', TargetID: r.target_id, TargetName: `${u.name}（${u.reader_id}）`, TargetEnName: `${u.name} (${u.reader_id})`, FromGroupID: String(r.group_id), ToGroupID: null };
  });
  // (b) The school's mapping for this rollover: one row per grade or class and kind (the unique index).
  for (const e of input.map) {
    const cur = rows.find((r) => r.kind === e.Kind && r.target_id === String(e.DeptID));
    const from = cur ? String(cur.group_id) : null;
    if (from === e.GroupID) continue;
    if (cur) remove.push(cur);
    if (e.GroupID != null) add.push({ group_id: Number(e.GroupID), kind: e.Kind, target_id: String(e.DeptID) });
    const d = deptById.get(e.DeptID)!;
    rowChanges.push({ Kind: e.Kind, TargetID: String(e.DeptID), TargetName: d.name, TargetEnName: d.en_name, FromGroupID: from, ToGroupID: e.GroupID });
  }
  const removedIds = new Set(remove.map((r) => r.id));
  const after = [...rows.filter((r) => !removedIds.has(r.id)), ...add];

  // Effective group of every reader of the classes that move, before and after.
  const newParent = new Map<number, number>([...input.moves.map((m): [number, number] => [m.id, m.parent_id]), ...input.graduating.map((id): [number, number] => [id, COHORT])]);
  const beforeNode = (id: number) => deptById.get(id);
  const afterNode = (id: number) => {
    if (id === COHORT) return { parent_id: null, kind: 'dept' };
    const d = deptById.get(id);
    return d && newParent.has(id) ? { parent_id: newParent.get(id)!, kind: d.kind } : d;
  };
  const assignBefore = foldAssignments(rows);
  const assignAfter = foldAssignments(after);
  const moves: RolloverPlan['GroupMoves'] = [];
  const changes = new Map<string, RolloverPlan['GroupChanges'][number]>();
  for (const u of users) {
    const b = outcome(resolveGroup(contextOf(u, beforeNode), assignBefore, groupList), groups);
    const a = outcome(resolveGroup(contextOf(u, afterNode), assignAfter, groupList), groups);
    if (a.id === b.id) continue;
    const cls = u.dept_id != null ? deptById.get(u.dept_id) : undefined;
    moves.push({
      UserID: u.id, Name: u.name, ReaderID: u.reader_id, ClassName: cls?.name ?? '', ClassEnName: cls?.en_name ?? '',
      FromID: b.id, From: b.name, FromEn: b.en, ToID: a.id, To: a.name, ToEn: a.en,
    });
    const key = `${b.id}>${a.id}`;
    const c = changes.get(key);
    if (c) c.Readers++;
    else changes.set(key, { FromID: b.id, From: b.name, FromEn: b.en, ToID: a.id, To: a.name, ToEn: a.en, Readers: 1 });
  }

  // What the form may map: every grade, and every moving class that holds (or is given) a class assignment.
  const groupOf = (list: ReadonlyArray<{ group_id: number; kind: string; target_id: string }>, kind: string, id: number) => {
    const r = list.find((x) => x.kind === kind && x.target_id === String(id));
    return r ? String(r.group_id) : null;
  };
  const targets: RolloverPlan['GroupTargets'] = input.grades.map((g) => ({
    Kind: 'grade', DeptID: g.id, Name: g.name, EnName: g.en_name, GroupID: groupOf(rows, 'grade', g.id), NewGroupID: groupOf(after, 'grade', g.id),
  }));
  for (const id of classIds) {
    const before = groupOf(rows, 'class', id);
    const next = groupOf(after, 'class', id);
    const d = deptById.get(id);
    if (d && (before != null || next != null)) targets.push({ Kind: 'class', DeptID: id, Name: d.name, EnName: d.en_name, GroupID: before, NewGroupID: next });
  }

  return {
    dto: {
      GroupMoves: moves, GroupChanges: [...changes.values()], GroupRows: rowChanges, GroupTargets: targets,
      Groups: groupList.map((g) => ({ ID: g.ID, Name: g.Name, EnName: g.EnName })),
    },
    ops: { remove, add },
    skipped: null,
  };
}
