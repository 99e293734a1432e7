import type { Transaction } from 'kysely';
import { organizationCalls as c, type NodeKind, type OrgNode } from '../../shared/api/organization.ts';
import type { Database } from '../db/schema.ts';
import { writeTx } from '../db/connect.ts';
import { handler, type CallContext, type HandlerMapFor } from '../http/handler-types.ts';
import { AppError } from '../http/app-error.ts';
import { buildTree, getNode, isSelfOrDescendant, listNodes, orderNodes, selectNodes, siblingNameTaken, toNode, type NodeFilter } from './org-node-store.ts';
import { requireSchool } from '../access/call-context.ts';
import { semesterHandlers } from './semester-handlers.ts';
import { orgContactHandlers } from './org-contact-handlers.ts';

type Tx = Transaction<Database>;

const NOT_EXIST = 'errors:organization.notExist';

async function pageOfNodes(ctx: CallContext, f: NodeFilter, page: number, rows: number) {
  const schoolId = requireSchool(ctx);
  const q = selectNodes(ctx.app.db, schoolId, f);
  const [all, list] = await Promise.all([
    ctx.app.db.selectFrom(q.as('x')).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    orderNodes(q).limit(rows).offset((page - 1) * rows).execute(),
  ]);
  return { Total: Number(all.n), List: list.map(toNode) };
}

/** The node `id` of one of `kinds` in the caller's school, or "does not exist" (other schools' ids too). */
async function mustGet(trx: Tx, schoolId: number, id: number, kinds: readonly NodeKind[]): Promise<OrgNode> {
  const n = await getNode(trx, schoolId, id, kinds);
  if (!n) throw AppError.notFound(NOT_EXIST);
  return n;
}

async function assertNameFree(trx: Tx, schoolId: number, kinds: readonly NodeKind[], parentId: number | null, name: string, exceptId?: number) {
  if (await siblingNameTaken(trx, schoolId, kinds, parentId, name, exceptId)) throw AppError.conflict('errors:organization.nameTaken', { name });
}

/** Readers or sub-nodes keep a node (department, grade, class) from being deleted; nothing changes. */
async function deleteNode(ctx: CallContext, id: number, kinds: readonly NodeKind[]) {
  const schoolId = requireSchool(ctx);
  await writeTx(ctx.app.db, async (trx) => {
    const n = await mustGet(trx, schoolId, id, kinds);
    if (n.MemberCount > 0) throw AppError.conflict('errors:organization.hasReaders', { name: n.Name, count: n.MemberCount });
    if (n.ChildCount > 0) throw AppError.conflict('errors:organization.hasChildren', { name: n.Name, count: n.ChildCount });
    await trx.deleteFrom('departments').where('school_id', '=', schoolId).where('id', '=', id).execute();
  });
  return null;
}

interface TreeNodeInput { ParentID: number | null; Name: string; EnName: string; Code: string; State: number; Sort: number }

/** Departments and organisation departments: a tree of one kind, names unique among siblings. */
function treeKind(kind: 'dept' | 'org') {
  const kinds = [kind] as const;
  const checkParent = async (trx: Tx, schoolId: number, parentId: number | null) => {
    if (parentId != null) await mustGet(trx, schoolId, parentId, kinds);
  };
  const checkMove = async (trx: Tx, schoolId: number, id: number, parentId: number | null) => {
    if (parentId != null && (await isSelfOrDescendant(trx, schoolId, id, parentId))) throw AppError.conflict('errors:organization.moveIntoSelf');
  };
  return {
    add: async (input: TreeNodeInput, ctx: CallContext) => {
      const schoolId = requireSchool(ctx);
      const id = await writeTx(ctx.app.db, async (trx) => {
        await checkParent(trx, schoolId, input.ParentID);
        await assertNameFree(trx, schoolId, kinds, input.ParentID, input.Name);
        const row = await trx.insertInto('departments').values({
          school_id: schoolId, parent_id: input.ParentID, name: input.Name, en_name: input.EnName, code: input.Code, kind, learning_stage: null,
          state: input.State, sort: input.Sort,
        }).returning('id').executeTakeFirstOrThrow();
        return row.id;
      });
      return (await getNode(ctx.app.db, schoolId, id, kinds))!;
    },
    update: async (input: TreeNodeInput & { ID: number }, ctx: CallContext) => {
      const schoolId = requireSchool(ctx);
      await writeTx(ctx.app.db, async (trx) => {
        await mustGet(trx, schoolId, input.ID, kinds);
        await checkParent(trx, schoolId, input.ParentID);
        await checkMove(trx, schoolId, input.ID, input.ParentID);
        await assertNameFree(trx, schoolId, kinds, input.ParentID, input.Name, input.ID);
        await trx.updateTable('departments').set({
          parent_id: input.ParentID, name: input.Name, en_name: input.EnName, code: input.Code, state: input.State, sort: input.Sort,
        }).where('school_id', '=', schoolId).where('id', '=', input.ID).execute();
      });
      return (await getNode(ctx.app.db, schoolId, input.ID, kinds))!;
    },
    move: async (input: { ID: number; ParentID: number | null; Sort?: number }, ctx: CallContext) => {
      const schoolId = requireSchool(ctx);
      await writeTx(ctx.app.db, async (trx) => {
        const n = await mustGet(trx, schoolId, input.ID, kinds);
        await checkParent(trx, schoolId, input.ParentID);
        await checkMove(trx, schoolId, input.ID, input.ParentID);
        await assertNameFree(trx, schoolId, kinds, input.ParentID, n.Name, input.ID);
        await trx.updateTable('departments').set({ parent_id: input.ParentID, sort: input.Sort ?? n.Sort })
          .where('school_id', '=', schoolId).where('id', '=', input.ID).execute();
      });
      return (await getNode(ctx.app.db, schoolId, input.ID, kinds))!;
    },
    remove: (input: { ID: number }, ctx: CallContext) => deleteNode(ctx, input.ID, kinds),
  };
}

const dept = treeKind('dept');
const org = treeKind('org');

const treeOf = async (ctx: CallContext, kinds: readonly NodeKind[], state?: number) =>
  buildTree(await listNodes(ctx.app.db, requireSchool(ctx), { kinds, state }));

interface GradeInput { ParentID: number; Name: string; EnName: string; GradeLevel: number; State: number }
interface ClassInput { ParentID: number; Name: string; EnName: string; Code: string; EntryYear: number | null; HeadTeacherID: number | null; State: number }

async function gradeValues(trx: Tx, schoolId: number, input: GradeInput, exceptId?: number) {
  const stage = await mustGet(trx, schoolId, input.ParentID, ['stage']);
  await assertNameFree(trx, schoolId, ['grade'], stage.ID, input.Name, exceptId);
  let q = trx.selectFrom('departments').select('id').where('school_id', '=', schoolId).where('kind', '=', 'grade')
    .where('parent_id', '=', stage.ID).where('grade_level', '=', input.GradeLevel);
  if (exceptId != null) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw AppError.conflict('errors:organization.gradeLevelTaken', { level: input.GradeLevel });
  return {
    parent_id: stage.ID, name: input.Name, en_name: input.EnName, learning_stage: stage.LearningStage, grade_level: input.GradeLevel,
    state: input.State, sort: input.GradeLevel,
  };
}

async function classValues(trx: Tx, schoolId: number, input: ClassInput, exceptId?: number) {
  const grade = await mustGet(trx, schoolId, input.ParentID, ['grade']);
  await assertNameFree(trx, schoolId, ['class'], grade.ID, input.Name, exceptId);
  if (input.HeadTeacherID != null) {
    const t = await trx.selectFrom('users').select('id').where('school_id', '=', schoolId).where('id', '=', input.HeadTeacherID)
      .where('identity', '=', 'teacher').executeTakeFirst();
    if (!t) throw AppError.notFound('errors:userNotFound');
  }
  return {
    parent_id: grade.ID, name: input.Name, en_name: input.EnName, code: input.Code, learning_stage: grade.LearningStage,
    entry_year: input.EntryYear, head_teacher_id: input.HeadTeacherID, state: input.State,
  };
}

/** The next sort among a grade's classes, so a new class comes last. */
async function nextSort(trx: Tx, schoolId: number, parentId: number) {
  const r = await trx.selectFrom('departments').select((eb) => eb.fn.max('sort').as('m')).where('school_id', '=', schoolId).where('parent_id', '=', parentId).executeTakeFirst();
  return Number(r?.m ?? 0) + 1;
}

export const organizationHandlers = {
  'organization.getDepartmentTree': handler(c.getDepartmentTree, (input, ctx) => treeOf(ctx, ['dept'], input.State)),
  'organization.getOrgDepartmentTree': handler(c.getOrgDepartmentTree, (input, ctx) => treeOf(ctx, ['org'], input.State)),
  'organization.getGradeTree': handler(c.getGradeTree, (input, ctx) => treeOf(ctx, ['stage', 'grade', 'class'], input.State)),
  'organization.getDepartmentAll': handler(c.getDepartmentAll, (input, ctx) => listNodes(ctx.app.db, requireSchool(ctx), { kinds: ['dept'], state: input.State })),
  'organization.getOrgDepartmentAll': handler(c.getOrgDepartmentAll, (input, ctx) => listNodes(ctx.app.db, requireSchool(ctx), { kinds: ['org'], state: input.State })),
  'organization.getGradeAll': handler(c.getGradeAll, (input, ctx) =>
    listNodes(ctx.app.db, requireSchool(ctx), { kinds: ['grade'], state: input.State, parentId: input.StageID })),
  'organization.getLearningStageAll': handler(c.getLearningStageAll, async (_input, ctx) => {
    const stages = await listNodes(ctx.app.db, requireSchool(ctx), { kinds: ['stage'] });
    return stages.map((s) => ({ ID: s.ID, Code: s.LearningStage ?? s.Code, Name: s.Name, EnName: s.EnName, GradeCount: s.ChildCount }));
  }),

  'organization.getDepartmentList': handler(c.getDepartmentList, (i, ctx) => pageOfNodes(ctx, { kinds: ['dept'], parentId: i.ParentID, searchKey: i.SearchKey }, i.Page, i.Rows)),
  'organization.addDepartment': handler(c.addDepartment, dept.add),
  'organization.updateDepartment': handler(c.updateDepartment, dept.update),
  'organization.deleteDepartment': handler(c.deleteDepartment, dept.remove),
  'organization.moveDepartment': handler(c.moveDepartment, dept.move),
  'organization.getOrgDepartmentList': handler(c.getOrgDepartmentList, (i, ctx) => pageOfNodes(ctx, { kinds: ['org'], parentId: i.ParentID, searchKey: i.SearchKey }, i.Page, i.Rows)),
  'organization.addOrgDepartment': handler(c.addOrgDepartment, org.add),
  'organization.updateOrgDepartment': handler(c.updateOrgDepartment, org.update),
  'organization.deleteOrgDepartment': handler(c.deleteOrgDepartment, org.remove),
  'organization.moveOrgDepartment': handler(c.moveOrgDepartment, org.move),

  'organization.getGradeList': handler(c.getGradeList, (i, ctx) => pageOfNodes(ctx, { kinds: ['grade'], parentId: i.StageID, searchKey: i.SearchKey }, i.Page, i.Rows)),
  'organization.addGrade': handler(c.addGrade, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    const id = await writeTx(ctx.app.db, async (trx) => {
      const v = await gradeValues(trx, schoolId, input);
      return (await trx.insertInto('departments').values({ school_id: schoolId, kind: 'grade', code: `G${input.GradeLevel}`, ...v }).returning('id').executeTakeFirstOrThrow()).id;
    });
    return (await getNode(ctx.app.db, schoolId, id, ['grade']))!;
  }),
  'organization.updateGrade': handler(c.updateGrade, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    await writeTx(ctx.app.db, async (trx) => {
      await mustGet(trx, schoolId, input.ID, ['grade']);
      const v = await gradeValues(trx, schoolId, input, input.ID);
      await trx.updateTable('departments').set(v).where('school_id', '=', schoolId).where('id', '=', input.ID).execute();
      // Classes follow their grade's stage.
      await trx.updateTable('departments').set({ learning_stage: v.learning_stage }).where('school_id', '=', schoolId).where('parent_id', '=', input.ID).execute();
    });
    return (await getNode(ctx.app.db, schoolId, input.ID, ['grade']))!;
  }),
  'organization.deleteGrade': handler(c.deleteGrade, (input, ctx) => deleteNode(ctx, input.ID, ['grade'])),
  'organization.getClassList': handler(c.getClassList, (i, ctx) =>
    pageOfNodes(ctx, { kinds: ['class'], parentId: i.GradeID, stageId: i.StageID, searchKey: i.SearchKey }, i.Page, i.Rows)),
  'organization.addClass': handler(c.addClass, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    const id = await writeTx(ctx.app.db, async (trx) => {
      const v = await classValues(trx, schoolId, input);
      const sort = await nextSort(trx, schoolId, v.parent_id);
      return (await trx.insertInto('departments').values({ school_id: schoolId, kind: 'class', sort, ...v }).returning('id').executeTakeFirstOrThrow()).id;
    });
    return (await getNode(ctx.app.db, schoolId, id, ['class']))!;
  }),
  'organization.updateClass': handler(c.updateClass, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    await writeTx(ctx.app.db, async (trx) => {
      await mustGet(trx, schoolId, input.ID, ['class']);
      const v = await classValues(trx, schoolId, input, input.ID);
      await trx.updateTable('departments').set(v).where('school_id', '=', schoolId).where('id', '=', input.ID).execute();
    });
    return (await getNode(ctx.app.db, schoolId, input.ID, ['class']))!;
  }),
  'organization.deleteClass': handler(c.deleteClass, (input, ctx) => deleteNode(ctx, input.ID, ['class'])),
  ...semesterHandlers,
  ...orgContactHandlers,
} satisfies HandlerMapFor<typeof c>;
