import type { Kysely, Transaction } from 'kysely';
import { basicSetsCalls as C } from '../../shared/api/basic-sets.ts';
import type { Database } from '../db/schema.ts';
import { writeTx } from '../db/connect.ts';
import { handler, type HandlerMapFor } from '../http/handler-types.ts';
import { AppError } from '../http/app-error.ts';
import { containsText } from '../db/like.ts';
import { parseTheme } from '../access/school-store.ts';
import { countUsage, type Probe } from '../db/usage-probe.ts';
import { requireSchool } from '../access/call-context.ts';
import { branchFilter, branchScope, inList, requireType, typeFilter } from '../access/access-scope.ts';
import { flag, guardWrite, nowIso } from './basic-sets-guards.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Other modules' references to a resource type that make it "in use" (checked if they exist). */
const RESOURCE_TYPE_USERS: readonly Probe[] = [
  { table: 'permission_group_type_rules', column: 'resource_type_id' },
  { table: 'titles', column: 'resource_type_id' },
  { table: 'copies', column: 'resource_type_id' },
  { table: 'batches', column: 'resource_type_id' },
];

// ---- branches ----
function branchQuery(db: Db, schoolId: number) {
  return db.selectFrom('branches as b').where('b.school_id', '=', schoolId).select((eb) => [
    'b.id', 'b.code', 'b.name', 'b.en_name', 'b.address', 'b.contact', 'b.phone', 'b.open_hours', 'b.sort',
    eb.selectFrom('collection_areas as a').whereRef('a.branch_id', '=', 'b.id').select((e) => e.fn.countAll<number>().as('n')).as('areas'),
    eb.selectFrom('copies as c').whereRef('c.branch_id', '=', 'b.id').select((e) => e.fn.countAll<number>().as('n')).as('copies'),
  ]);
}
type BranchRow = Awaited<ReturnType<ReturnType<typeof branchQuery>['executeTakeFirstOrThrow']>>;
const branchDto = (r: BranchRow) => ({
  ID: r.id, Code: r.code, Name: r.name, EnName: r.en_name, Address: r.address, Contact: r.contact, Phone: r.phone,
  OpenHours: r.open_hours, Sort: r.sort, AreaCount: Number(r.areas ?? 0), CopyCount: Number(r.copies ?? 0),
  InUse: Number(r.areas ?? 0) + Number(r.copies ?? 0) > 0,
});
const branchValues = (i: { Code: string; Name: string; EnName: string; Address: string; Contact: string; Phone: string; OpenHours: string; Sort: number }) => ({
  code: i.Code, name: i.Name, en_name: i.EnName, address: i.Address, contact: i.Contact, phone: i.Phone, open_hours: i.OpenHours, sort: i.Sort,
});

// ---- collection areas ----
function locationQuery(db: Db, schoolId: number) {
  return db.selectFrom('collection_areas as a').innerJoin('branches as b', 'b.id', 'a.branch_id').where('a.school_id', '=', schoolId).select((eb) => [
    'a.id', 'a.branch_id', 'b.name as branch_name', 'a.code', 'a.name', 'a.en_name', 'a.storage_area', 'a.circulating', 'a.sort',
    eb.selectFrom('copies as c').whereRef('c.area_id', '=', 'a.id').select((e) => e.fn.countAll<number>().as('n')).as('copies'),
    eb.selectFrom('shelves as s').whereRef('s.area_id', '=', 'a.id').select((e) => e.fn.countAll<number>().as('n')).as('shelves'),
    eb.selectFrom('shelf_areas as z').whereRef('z.area_id', '=', 'a.id').select((e) => e.fn.countAll<number>().as('n')).as('zones'),
  ]);
}
type LocationRow = Awaited<ReturnType<ReturnType<typeof locationQuery>['executeTakeFirstOrThrow']>>;
const locationDto = (r: LocationRow) => ({
  ID: r.id, BranchID: r.branch_id, BranchName: r.branch_name, Code: r.code, Name: r.name, EnName: r.en_name,
  StorageArea: r.storage_area, Circulating: r.circulating === 1, Sort: r.sort,
  CopyCount: Number(r.copies ?? 0), ShelfCount: Number(r.shelves ?? 0),
  InUse: Number(r.copies ?? 0) + Number(r.shelves ?? 0) + Number(r.zones ?? 0) > 0,
});

/**
 * Roles that reached every branch before `branchId` was added keep reaching every branch (the
 * administrator's "*" needs nothing); roles limited to some branches stay as they are.
 */
async function extendAllBranchRoles(trx: Transaction<Database>, schoolId: number, before: number[], branchId: number) {
  const roles = await trx.selectFrom('roles').select('id').where('school_id', '=', schoolId).execute();
  if (!roles.length) return;
  const rows = await trx.selectFrom('role_branches').select(['role_id', 'branch_id']).where('role_id', 'in', roles.map((r) => r.id)).execute();
  const full = roles.filter((r) => before.length > 0 && before.every((b) => rows.some((x) => x.role_id === r.id && x.branch_id === b)));
  if (full.length) await trx.insertInto('role_branches').values(full.map((r) => ({ role_id: r.id, branch_id: branchId }))).execute();
}

async function ownBranch(db: Db, schoolId: number, branchId: number) {
  const b = await db.selectFrom('branches').select('id').where('school_id', '=', schoolId).where('id', '=', branchId).executeTakeFirst();
  if (!b) throw AppError.notFound();
}

// ---- resource types ----
function resourceTypeDto(r: { id: number; code: string; name: string; en_name: string; sort: number }, used: number) {
  return { ID: r.id, Code: r.code, Name: r.name, EnName: r.en_name, Sort: r.sort, InUse: used > 0 };
}

export const basicSetsHandlers = {
  'basic.branch.list': handler(C.branchList, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    let q = branchQuery(ctx.app.db, schoolId);
    const scope = await branchFilter(ctx);
    if (scope) q = q.where('b.id', 'in', inList(scope));
    const key = input.SearchKey?.trim();
    if (key) q = q.where((eb) => eb.or([containsText('b.code', key), containsText('b.name', key), containsText('b.en_name', key)]));
    const rows = await q.orderBy('b.sort').orderBy('b.id').execute();
    const page = rows.slice((input.Page - 1) * input.Rows, input.Page * input.Rows);
    return { Total: rows.length, List: page.map(branchDto) };
  }),
  'basic.branch.add': handler(C.branchAdd, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    const scope = await branchScope(ctx);
    const dto = await writeTx(ctx.app.db, async (trx) => {
      // A new branch is outside every limited scope, so only callers reaching every branch create one.
      const all = (await trx.selectFrom('branches').select('id').where('school_id', '=', schoolId).execute()).map((b) => b.id);
      scope.require(...all);
      const { id } = await guardWrite(input.Code, null, () =>
        trx.insertInto('branches').values({ school_id: schoolId, ...branchValues(input) }).returning('id').executeTakeFirstOrThrow());
      await extendAllBranchRoles(trx, schoolId, all, id);
      return branchDto(await branchQuery(trx, schoolId).where('b.id', '=', id).executeTakeFirstOrThrow());
    });
    // Roles' branches changed: cached scopes go.
    ctx.app.permissions.forget();
    return dto;
  }),
  'basic.branch.update': handler(C.branchUpdate, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    const scope = await branchScope(ctx);
    scope.require(input.ID);
    return writeTx(ctx.app.db, async (trx) => {
      const r = await guardWrite(input.Code, null, () =>
        trx.updateTable('branches').set(branchValues(input)).where('school_id', '=', schoolId).where('id', '=', input.ID).executeTakeFirst());
      if (Number(r.numUpdatedRows) === 0) throw AppError.notFound();
      return branchDto(await branchQuery(trx, schoolId).where('b.id', '=', input.ID).executeTakeFirstOrThrow());
    });
  }),
  'basic.branch.delete': handler(C.branchDelete, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    const scope = await branchScope(ctx);
    await writeTx(ctx.app.db, async (trx) => {
      const row = await branchQuery(trx, schoolId).where('b.id', '=', input.ID).executeTakeFirst();
      if (!row) throw AppError.notFound();
      scope.require(row.id);
      const dto = branchDto(row);
      if (dto.InUse) throw AppError.conflict('errors:basic.branchInUse', { areas: dto.AreaCount, copies: dto.CopyCount });
      await guardWrite(null, 'errors:basic.branchInUse', () =>
        trx.deleteFrom('branches').where('school_id', '=', schoolId).where('id', '=', input.ID).execute());
    });
    return null;
  }),

  'basic.location.list': handler(C.locationList, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    let q = locationQuery(ctx.app.db, schoolId);
    if (input.BranchID) q = q.where('a.branch_id', '=', input.BranchID);
    const scope = await branchFilter(ctx);
    if (scope) q = q.where('a.branch_id', 'in', inList(scope));
    const key = input.SearchKey?.trim();
    if (key) q = q.where((eb) => eb.or([containsText('a.code', key), containsText('a.name', key), containsText('a.en_name', key)]));
    const rows = await q.orderBy('b.sort').orderBy('a.sort').orderBy('a.id').execute();
    return { Total: rows.length, List: rows.slice((input.Page - 1) * input.Rows, input.Page * input.Rows).map(locationDto) };
  }),
  'basic.location.add': handler(C.locationAdd, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    const scope = await branchScope(ctx);
    return writeTx(ctx.app.db, async (trx) => {
      await ownBranch(trx, schoolId, input.BranchID);
      scope.require(input.BranchID);
      const { id } = await guardWrite(input.Code, null, () => trx.insertInto('collection_areas').values({
        school_id: schoolId, branch_id: input.BranchID, code: input.Code, name: input.Name, en_name: input.EnName,
        storage_area: input.StorageArea, circulating: flag(input.Circulating), sort: input.Sort,
      }).returning('id').executeTakeFirstOrThrow());
      return locationDto(await locationQuery(trx, schoolId).where('a.id', '=', id).executeTakeFirstOrThrow());
    });
  }),
  'basic.location.update': handler(C.locationUpdate, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    const scope = await branchScope(ctx);
    return writeTx(ctx.app.db, async (trx) => {
      await ownBranch(trx, schoolId, input.BranchID);
      const current = await locationQuery(trx, schoolId).where('a.id', '=', input.ID).executeTakeFirst();
      if (!current) throw AppError.notFound();
      // Both ends: the area's branch now and the one it moves to.
      scope.require(current.branch_id, input.BranchID);
      // Copies carry their branch too: moving an area with copies would split them from it.
      if (current.branch_id !== input.BranchID && Number(current.copies ?? 0) > 0) {
        throw AppError.conflict('errors:basic.areaMoveInUse', { copies: Number(current.copies) });
      }
      await guardWrite(input.Code, null, () => trx.updateTable('collection_areas').set({
        branch_id: input.BranchID, code: input.Code, name: input.Name, en_name: input.EnName,
        storage_area: input.StorageArea, circulating: flag(input.Circulating), sort: input.Sort,
      }).where('school_id', '=', schoolId).where('id', '=', input.ID).execute());
      return locationDto(await locationQuery(trx, schoolId).where('a.id', '=', input.ID).executeTakeFirstOrThrow());
    });
  }),
  'basic.location.delete': handler(C.locationDelete, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    const scope = await branchScope(ctx);
    await writeTx(ctx.app.db, async (trx) => {
      const row = await locationQuery(trx, schoolId).where('a.id', '=', input.ID).executeTakeFirst();
      if (!row) throw AppError.notFound();
      scope.require(row.branch_id);
      const dto = locationDto(row);
      if (dto.InUse) throw AppError.conflict('errors:basic.areaInUse', { copies: dto.CopyCount, shelves: dto.ShelfCount + Number(row.zones ?? 0) });
      await guardWrite(null, 'errors:basic.areaInUse', () =>
        trx.deleteFrom('collection_areas').where('school_id', '=', schoolId).where('id', '=', input.ID).execute());
    });
    return null;
  }),

  'basic.resourceType.list': handler(C.resourceTypeList, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    let q = ctx.app.db.selectFrom('resource_types').where('school_id', '=', schoolId);
    const key = input.SearchKey?.trim();
    if (key) q = q.where((eb) => eb.or([containsText('code', key), containsText('name', key), containsText('en_name', key)]));
    const rows = await q.selectAll().orderBy('sort').orderBy('id').execute();
    const page = rows.slice((input.Page - 1) * input.Rows, input.Page * input.Rows);
    const list = [];
    for (const r of page) list.push(resourceTypeDto(r, await countUsage(ctx.app.db, schoolId, r.id, RESOURCE_TYPE_USERS)));
    return { Total: rows.length, List: list };
  }),
  'basic.resourceType.add': handler(C.resourceTypeAdd, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    return writeTx(ctx.app.db, async (trx) => {
      const now = nowIso();
      const row = await guardWrite(input.Code, null, () => trx.insertInto('resource_types').values({
        school_id: schoolId, code: input.Code, name: input.Name, en_name: input.EnName, sort: input.Sort, created_at: now, updated_at: now,
      }).returningAll().executeTakeFirstOrThrow());
      // A new type circulates to everyone until the school restricts it.
      await trx.insertInto('resource_access').values({
        school_id: schoolId, resource_type_id: row.id, borrow_teacher: 1, borrow_student: 1, borrow_parent: 1, borrow_other: 1, portal_visible: 1, updated_at: now,
      }).execute();
      return resourceTypeDto(row, 0);
    });
  }),
  'basic.resourceType.update': handler(C.resourceTypeUpdate, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    return writeTx(ctx.app.db, async (trx) => {
      const row = await guardWrite(input.Code, null, () => trx.updateTable('resource_types')
        .set({ code: input.Code, name: input.Name, en_name: input.EnName, sort: input.Sort, updated_at: nowIso() })
        .where('school_id', '=', schoolId).where('id', '=', input.ID).returningAll().executeTakeFirst());
      if (!row) throw AppError.notFound();
      return resourceTypeDto(row, await countUsage(trx, schoolId, row.id, RESOURCE_TYPE_USERS));
    });
  }),
  'basic.resourceType.delete': handler(C.resourceTypeDelete, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    await writeTx(ctx.app.db, async (trx) => {
      const row = await trx.selectFrom('resource_types').select('id').where('school_id', '=', schoolId).where('id', '=', input.ID).executeTakeFirst();
      if (!row) throw AppError.notFound();
      const used = await countUsage(trx, schoolId, row.id, RESOURCE_TYPE_USERS);
      if (used > 0) throw AppError.conflict('errors:basic.resourceTypeInUse', { count: used });
      await trx.deleteFrom('resource_access').where('school_id', '=', schoolId).where('resource_type_id', '=', row.id).execute();
      await guardWrite(null, 'errors:basic.resourceTypeInUse', () =>
        trx.deleteFrom('resource_types').where('school_id', '=', schoolId).where('id', '=', row.id).execute());
    });
    return null;
  }),

  'basic.resourceAuth.list': handler(C.resourceAuthList, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    const types = await typeFilter(ctx);
    let q = accessQuery(ctx.app.db, schoolId);
    if (types) q = q.where('t.id', 'in', inList(types));
    const rows = await q.execute();
    return { Total: rows.length, List: rows.slice((input.Page - 1) * input.Rows, input.Page * input.Rows).map(accessDto) };
  }),
  'basic.resourceAuth.update': handler(C.resourceAuthUpdate, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    const types = await typeFilter(ctx);
    return writeTx(ctx.app.db, async (trx) => {
      const type = await trx.selectFrom('resource_types').select('id').where('school_id', '=', schoolId).where('id', '=', input.ID).executeTakeFirst();
      if (!type) throw AppError.notFound();
      requireType(types, type.id);
      const values = {
        borrow_teacher: flag(input.BorrowTeacher), borrow_student: flag(input.BorrowStudent), borrow_parent: flag(input.BorrowParent),
        borrow_other: flag(input.BorrowOther), portal_visible: flag(input.PortalVisible), updated_at: nowIso(),
      };
      const r = await trx.updateTable('resource_access').set(values).where('school_id', '=', schoolId).where('resource_type_id', '=', type.id).executeTakeFirst();
      if (Number(r.numUpdatedRows) === 0) await trx.insertInto('resource_access').values({ school_id: schoolId, resource_type_id: type.id, ...values }).execute();
      return accessDto((await accessQuery(trx, schoolId).where('t.id', '=', type.id).executeTakeFirstOrThrow()));
    });
  }),

  'basic.library.get': handler(C.basicInfoGet, async (_input, ctx) => basicInfo(ctx.app.db, requireSchool(ctx))),
  'basic.library.update': handler(C.basicInfoUpdate, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    return writeTx(ctx.app.db, async (trx) => {
      // The administrator must be an account of this school (never another school's).
      const admin = await trx.selectFrom('users').select('id').where('school_id', '=', schoolId).where('account', '=', input.AdminAccount).executeTakeFirst();
      if (!admin) throw AppError.notFound('errors:basic.adminAccountUnknown', { account: input.AdminAccount });
      await trx.updateTable('schools').set({
        name: input.Name, en_name: input.EnName, address: input.Address, area: input.Area, learning_period: input.LearningPeriod,
        admin_account: input.AdminAccount, admin_name: input.AdminName, theme_color: JSON.stringify(input.ThemeColor),
        books_per_student: input.BooksPerStudent ?? null,
      }).where('id', '=', schoolId).execute();
      return basicInfo(trx, schoolId);
    });
  }),
} satisfies HandlerMapFor<typeof C>;

function accessQuery(db: Db, schoolId: number) {
  return db.selectFrom('resource_types as t')
    .leftJoin('resource_access as x', (j) => j.onRef('x.resource_type_id', '=', 't.id').on('x.school_id', '=', schoolId))
    .where('t.school_id', '=', schoolId)
    .select(['t.id', 't.code', 't.name', 't.en_name', 'x.borrow_teacher', 'x.borrow_student', 'x.borrow_parent', 'x.borrow_other', 'x.portal_visible'])
    .orderBy('t.sort').orderBy('t.id');
}
type AccessRow = Awaited<ReturnType<ReturnType<typeof accessQuery>['executeTakeFirstOrThrow']>>;
// No access row (a type created by another module) means the default: open to everyone.
const allowed = (v: number | null) => v == null || v === 1;
const accessDto = (r: AccessRow) => ({
  ID: r.id, Code: r.code, Name: r.name, EnName: r.en_name,
  BorrowTeacher: allowed(r.borrow_teacher), BorrowStudent: allowed(r.borrow_student), BorrowParent: allowed(r.borrow_parent),
  BorrowOther: allowed(r.borrow_other), PortalVisible: allowed(r.portal_visible),
});

async function basicInfo(db: Db, schoolId: number) {
  const s = await db.selectFrom('schools').selectAll().where('id', '=', schoolId).executeTakeFirst();
  if (!s) throw AppError.notFound('errors:schoolNotFound');
  let adminAccount = s.admin_account;
  let adminName = s.admin_name;
  if (!adminAccount) {
    // Not set yet (a new or seeded school): the first holder of the administrator role.
    const a = await db.selectFrom('users as u').innerJoin('user_roles as ur', 'ur.user_id', 'u.id').innerJoin('roles as r', 'r.id', 'ur.role_id')
      .where('u.school_id', '=', schoolId).where('r.code', '=', 'admin').select(['u.account', 'u.name']).orderBy('u.id').executeTakeFirst();
    adminAccount = a?.account ?? '';
    adminName = adminName || (a?.name ?? '');
  }
  return {
    Code: s.code, Name: s.name, EnName: s.en_name, Address: s.address, Area: s.area, LearningPeriod: s.learning_period,
    AdminAccount: adminAccount, AdminName: adminName, ThemeColor: parseTheme(s.theme_color), BooksPerStudent: s.books_per_student ?? null,
  };
}
