import type { Kysely, Transaction } from 'kysely';
import type { NodeKind, OrgNode, OrgTreeNode } from '../../shared/api/organization.ts';
import type { Database } from '../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface NodeFilter {
  kinds: readonly NodeKind[];
  state?: number;
  parentId?: number;
  /** Classes of the grades under this stage. */
  stageId?: number;
  searchKey?: string;
  ids?: readonly number[];
}

/** Departments of one school with reader and child counts and the head teacher's name. */
export function nodesQuery(db: Db, schoolId: number, f: NodeFilter) {
  let q = db
    .selectFrom('departments as d')
    .leftJoin('users as ht', (j) => j.onRef('ht.id', '=', 'd.head_teacher_id').onRef('ht.school_id', '=', 'd.school_id'))
    .where('d.school_id', '=', schoolId)
    .where('d.kind', 'in', f.kinds);
  if (f.state != null) q = q.where('d.state', '=', f.state);
  if (f.parentId != null) q = q.where('d.parent_id', '=', f.parentId);
  if (f.ids) q = q.where('d.id', 'in', f.ids.length ? f.ids : [-1]);
  if (f.stageId != null) {
    const stageId = f.stageId;
    q = q.where('d.parent_id', 'in', (eb) => eb.selectFrom('departments as g').select('g.id').where('g.school_id', '=', schoolId).where('g.parent_id', '=', stageId));
  }
  if (f.searchKey?.trim()) {
    const key = `%${f.searchKey.trim().toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) => eb.or([
      eb(eb.fn('lower', ['d.name']), 'like', key), eb(eb.fn('lower', ['d.en_name']), 'like', key), eb(eb.fn('lower', ['d.code']), 'like', key),
    ]));
  }
  return q;
}

export function selectNodes(db: Db, schoolId: number, f: NodeFilter) {
  return nodesQuery(db, schoolId, f).select((eb) => [
    'd.id', 'd.parent_id', 'd.kind', 'd.name', 'd.en_name', 'd.code', 'd.state', 'd.sort', 'd.learning_stage', 'd.grade_level',
    'd.entry_year', 'd.head_teacher_id', 'ht.name as head_teacher_name',
    eb.selectFrom('users as u').select(eb.fn.countAll<number>().as('n')).where('u.school_id', '=', schoolId).whereRef('u.dept_id', '=', 'd.id').as('member_count'),
    eb.selectFrom('departments as c').select(eb.fn.countAll<number>().as('n')).where('c.school_id', '=', schoolId).whereRef('c.parent_id', '=', 'd.id').as('child_count'),
    // Classes sort by their grade's level.
    eb.selectFrom('departments as p').select('p.grade_level').whereRef('p.id', '=', 'd.parent_id').as('parent_level'),
  ]);
}

export type NodeRow = Awaited<ReturnType<ReturnType<typeof selectNodes>['execute']>>[number];

export function toNode(r: NodeRow): OrgNode {
  const members = Number(r.member_count ?? 0);
  const children = Number(r.child_count ?? 0);
  return {
    ID: r.id, ParentID: r.parent_id, Kind: r.kind, Name: r.name, EnName: r.en_name, Code: r.code, State: r.state, Sort: r.sort,
    LearningStage: r.learning_stage, GradeLevel: r.grade_level, EntryYear: r.entry_year, HeadTeacherID: r.head_teacher_id,
    HeadTeacherName: r.head_teacher_name ?? '', MemberCount: members, ChildCount: children, InUse: members > 0 || children > 0,
  };
}

/** Sibling order: grade level (grades, and classes by their grade), then sort, then id. */
export function orderNodes<Q extends ReturnType<typeof selectNodes>>(q: Q): Q {
  return q.orderBy('parent_level').orderBy('d.grade_level').orderBy('d.sort').orderBy('d.id') as Q;
}

export async function listNodes(db: Db, schoolId: number, f: NodeFilter): Promise<OrgNode[]> {
  return (await orderNodes(selectNodes(db, schoolId, f)).execute()).map(toNode);
}

export async function getNode(db: Db, schoolId: number, id: number, kinds: readonly NodeKind[]): Promise<OrgNode | null> {
  const [n] = await listNodes(db, schoolId, { kinds, ids: [id] });
  return n ?? null;
}

/** Nests a flat list (already in sibling order); nodes whose parent is not in the list are roots. */
export function buildTree(nodes: readonly OrgNode[]): OrgTreeNode[] {
  const byId = new Map<number, OrgTreeNode>(nodes.map((n) => [n.ID, { ...n, Children: [] }]));
  const roots: OrgTreeNode[] = [];
  for (const n of byId.values()) {
    const parent = n.ParentID != null ? byId.get(n.ParentID) : undefined;
    if (parent) parent.Children.push(n);
    else roots.push(n);
  }
  return roots;
}

/** True when `candidate` is `id` or lies below it (moving `id` under it would make a cycle). */
export async function isSelfOrDescendant(db: Db, schoolId: number, id: number, candidate: number): Promise<boolean> {
  const rows = await db.selectFrom('departments').select(['id', 'parent_id']).where('school_id', '=', schoolId).execute();
  const parentOf = new Map(rows.map((r) => [r.id, r.parent_id]));
  for (let at: number | null | undefined = candidate, hops = 0; at != null && hops <= rows.length; at = parentOf.get(at), hops++) {
    if (at === id) return true;
  }
  return false;
}

/** Another node with this name under the same parent (the same kinds), other than `exceptId`. */
export async function siblingNameTaken(db: Db, schoolId: number, kinds: readonly NodeKind[], parentId: number | null, name: string, exceptId?: number): Promise<boolean> {
  let q = db.selectFrom('departments').select('id').where('school_id', '=', schoolId).where('kind', 'in', kinds).where('name', '=', name);
  q = parentId == null ? q.where('parent_id', 'is', null) : q.where('parent_id', '=', parentId);
  if (exceptId != null) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) != null;
}
