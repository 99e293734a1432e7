import { z } from 'zod';
import { defineCall, LIB } from './contract.ts';
import { pageOf, pageQuerySchema } from './paging.ts';
import { themeColorSchema } from './session.ts';
import { SHELF_LIMITS } from '../domain/shelf-positions.ts';
import { BOOKS_PER_STUDENT_RANGE } from '../domain/books-per-student.ts';
import { codeText, idField, intField, optionalText, text } from '../domain/fields.ts';

/**
 * Basic sets: what a school sets up before anything else (branches, collection areas, resource
 * types and who may borrow them, shelves and their positions, shelf areas, the unit's info).
 * The spec names none of these calls, so they follow its style under {lib}/<Area>/<Action>.
 * Reads need no operation key (other screens fill their selects from them); writes need the
 * menu's `basic.*.edit` key.
 */

const id = idField();
const code = (required: string) => codeText({ max: 32, required, patternError: 'validation:basic.codeFormat' });
const name = (required: string) => text({ max: 200, required });
const enName = optionalText(200);
const sort = intField(0, 9999).default(0);
const byId = z.object({ ID: id });
/** A reference to another record: the message names what to choose when it is missing. */
const ref = (required: string) => idField(required);
const optionalRef = idField(undefined, { coerce: true }).optional();

// ---- branches (分馆) ----
export const branchSchema = z.object({
  ID: z.number().int(),
  Code: z.string(),
  Name: z.string(),
  EnName: z.string(),
  Address: z.string(),
  Contact: z.string(),
  Phone: z.string(),
  OpenHours: z.string(),
  Sort: z.number().int(),
  AreaCount: z.number().int(),
  CopyCount: z.number().int(),
  InUse: z.boolean(),
});
export type Branch = z.infer<typeof branchSchema>;
const branchInput = z.object({
  Code: code('validation:required.code'),
  Name: name('validation:required.branchName'),
  EnName: enName,
  Address: optionalText(400),
  Contact: optionalText(100),
  Phone: optionalText(32),
  OpenHours: optionalText(200),
  Sort: sort,
});

// ---- collection areas (馆藏地) ----
/** Storage-area codes of the spec (section 4); 7 is unused. */
export const STORAGE_AREAS = [1, 2, 3, 4, 5, 6, 8, 9] as const;
const storageArea = z.literal(STORAGE_AREAS);
export const locationSchema = z.object({
  ID: z.number().int(),
  BranchID: z.number().int(),
  BranchName: z.string(),
  Code: z.string(),
  Name: z.string(),
  EnName: z.string(),
  StorageArea: z.number().int(),
  Circulating: z.boolean(),
  Sort: z.number().int(),
  CopyCount: z.number().int(),
  ShelfCount: z.number().int(),
  InUse: z.boolean(),
});
export type Location = z.infer<typeof locationSchema>;
const locationInput = z.object({
  BranchID: ref('validation:required.branch'),
  Code: code('validation:required.code'),
  Name: name('validation:required.collectionArea'),
  EnName: enName,
  StorageArea: storageArea.default(2),
  Circulating: z.boolean().default(true),
  Sort: sort,
});

// ---- resource types (资源类型) ----
export const resourceTypeSchema = z.object({
  ID: z.number().int(),
  Code: z.string(),
  Name: z.string(),
  EnName: z.string(),
  Sort: z.number().int(),
  InUse: z.boolean(),
});
export type ResourceType = z.infer<typeof resourceTypeSchema>;
const resourceTypeInput = z.object({
  Code: code('validation:required.code'),
  Name: name('validation:required.resourceName'),
  EnName: enName,
  Sort: sort,
});

// ---- resource access (资源权限): one row per resource type ----
export const resourceAccessSchema = z.object({
  ID: z.number().int(),
  Code: z.string(),
  Name: z.string(),
  EnName: z.string(),
  BorrowTeacher: z.boolean(),
  BorrowStudent: z.boolean(),
  BorrowParent: z.boolean(),
  BorrowOther: z.boolean(),
  PortalVisible: z.boolean(),
});
export type ResourceAccess = z.infer<typeof resourceAccessSchema>;
const resourceAccessInput = z.object({
  ID: id,
  BorrowTeacher: z.boolean(),
  BorrowStudent: z.boolean(),
  BorrowParent: z.boolean(),
  BorrowOther: z.boolean(),
  PortalVisible: z.boolean(),
});

// ---- shelf areas (书架区域) ----
export const shelfAreaSchema = z.object({
  ID: z.number().int(),
  AreaID: z.number().int(),
  AreaName: z.string(),
  Code: z.string(),
  Name: z.string(),
  EnName: z.string(),
  Sort: z.number().int(),
  ShelfCount: z.number().int(),
  TotalWidthCm: z.number().int(),
  InUse: z.boolean(),
});
export type ShelfArea = z.infer<typeof shelfAreaSchema>;
const shelfAreaInput = z.object({
  AreaID: ref('validation:required.collectionArea'),
  Code: code('validation:required.code'),
  Name: name('validation:required.name'),
  EnName: enName,
  Sort: sort,
});

// ---- shelves (书架号) ----
export const shelfSchema = z.object({
  ID: z.number().int(),
  AreaID: z.number().int(),
  AreaName: z.string(),
  ShelfAreaID: z.number().int().nullable(),
  ShelfAreaName: z.string(),
  Code: z.string(),
  Name: z.string(),
  WidthCm: z.number().int(),
  Faces: z.number().int(),
  Layers: z.number().int(),
  Columns: z.number().int(),
  Sort: z.number().int(),
  PositionCount: z.number().int(),
});
export type Shelf = z.infer<typeof shelfSchema>;
const shelfInput = z.object({
  AreaID: ref('validation:required.collectionArea'),
  ShelfAreaID: idField().nullable().default(null),
  Code: code('validation:required.shelfBarcode'),
  Name: optionalText(200),
  /** Shelf width in cm (spec: e.g. 80). */
  WidthCm: z.number({ error: 'validation:number.type' }).int({ error: 'validation:number.int' }).min(1, { error: 'validation:basic.shelfWidth' }).max(SHELF_LIMITS.widthCm, { error: 'validation:basic.shelfWidth' }).default(80),
  Faces: z.literal([1, 2]).default(1),
  Layers: z.number({ error: 'validation:number.type' }).int({ error: 'validation:number.int' }).min(1, { error: 'validation:basic.layers' }).max(SHELF_LIMITS.layers, { error: 'validation:basic.layers' }).default(5),
  Columns: z.number({ error: 'validation:number.type' }).int({ error: 'validation:number.int' }).min(1, { error: 'validation:basic.columns' }).max(SHELF_LIMITS.columns, { error: 'validation:basic.columns' }).default(1),
  Sort: sort,
});

// ---- shelf positions (架位号) ----
export const shelfPositionSchema = z.object({
  ID: z.number().int(),
  ShelfID: z.number().int(),
  ShelfCode: z.string(),
  AreaName: z.string(),
  Code: z.string(),
  Face: z.number().int(),
  Layer: z.number().int(),
  Column: z.number().int(),
});
export type ShelfPosition = z.infer<typeof shelfPositionSchema>;
const shelfIds = z.array(id).min(1, { error: 'validation:required.shelf' }).max(500);
export const positionPlanSchema = z.object({
  ShelfID: z.number().int(),
  ShelfCode: z.string(),
  /** Slots the shelf's shape asks for. */
  Total: z.number().int(),
  /** Of those, not yet generated: what Generate will create. */
  New: z.number().int(),
  /** The first few new codes, to show the pattern. */
  Sample: z.array(z.string()),
});
export type PositionPlan = z.infer<typeof positionPlanSchema>;

// ---- library basic info (图书馆基本信息) ----
export const LEARNING_PERIODS = ['primary', 'junior', 'senior', 'nine-year', 'complete'] as const;
const hexColor = z.string().max(7).regex(/^#[0-9a-fA-F]{6}$/, { error: 'validation:basic.color' });
export const basicInfoSchema = z.object({
  Code: z.string(),
  Name: z.string(),
  EnName: z.string(),
  Address: z.string(),
  Area: z.string(),
  LearningPeriod: z.string(),
  AdminAccount: z.string(),
  AdminName: z.string(),
  ThemeColor: themeColorSchema,
  /** The copies per student the school is held to; null: the national figure for its learning period. */
  BooksPerStudent: z.number().int().nullable(),
});
export type BasicInfo = z.infer<typeof basicInfoSchema>;
export const basicInfoInput = z.object({
  Name: name('validation:required.schoolName'),
  EnName: enName,
  Address: text({ max: 400, required: 'validation:required.address' }),
  Area: optionalText(200),
  LearningPeriod: z.enum(LEARNING_PERIODS, { error: 'validation:required.learningPeriod' }),
  AdminAccount: text({ max: 100, required: 'validation:required.adminAccount' }),
  AdminName: text({ max: 100, required: 'validation:required.adminName' }),
  ThemeColor: z.object({ bgColor: hexColor, btColor: hexColor }),
  /** Empty (null): the national regulation's figure; a province's own figure otherwise. */
  BooksPerStudent: intField(BOOKS_PER_STUDENT_RANGE.min, BOOKS_PER_STUDENT_RANGE.max).nullable().default(null),
});

// ---- floor plan (the kiosk's "where is it") ----
/** Grid bounds of a floor plan: a room drawn in cells (e.g. one per metre). */
export const FLOOR_PLAN_LIMITS = { minCols: 4, maxCols: 60, minRows: 4, maxRows: 40 } as const;
const cell = (max: number) => intField(0, max - 1);

export const floorPlanAreaSchema = z.object({
  ShelfAreaID: z.number().int(),
  Code: z.string(),
  Name: z.string(),
  EnName: z.string(),
  /** Its collection area. */
  AreaID: z.number().int(),
  AreaName: z.string(),
  AreaEnName: z.string(),
  /** Its rectangle in cells (top-left X, Y; width W, height H), null when not placed. */
  X: z.number().int().nullable(),
  Y: z.number().int().nullable(),
  W: z.number().int().nullable(),
  H: z.number().int().nullable(),
  /** Its shelves, so a copy's shelf finds its area on the plan. */
  ShelfIDs: z.array(z.number().int()),
});
export type FloorPlanArea = z.infer<typeof floorPlanAreaSchema>;

export const floorPlanSchema = z.object({
  BranchID: z.number().int(),
  /** False until the library saved a plan for the branch (the sizes are then the defaults). */
  Saved: z.boolean(),
  Cols: z.number().int(),
  Rows: z.number().int(),
  /** The kiosk's cell ("you are here"), when it stands in this room. */
  KioskX: z.number().int().nullable(),
  KioskY: z.number().int().nullable(),
  Areas: z.array(floorPlanAreaSchema),
});
export type FloorPlan = z.infer<typeof floorPlanSchema>;

export const floorPlanInput = z.object({
  BranchID: ref('validation:required.branch'),
  Cols: intField(FLOOR_PLAN_LIMITS.minCols, FLOOR_PLAN_LIMITS.maxCols),
  Rows: intField(FLOOR_PLAN_LIMITS.minRows, FLOOR_PLAN_LIMITS.maxRows),
  KioskX: cell(FLOOR_PLAN_LIMITS.maxCols).nullable().default(null),
  KioskY: cell(FLOOR_PLAN_LIMITS.maxRows).nullable().default(null),
  /** The placed shelf areas; those not listed are not on the plan. */
  Areas: z.array(z.object({
    ShelfAreaID: id,
    X: cell(FLOOR_PLAN_LIMITS.maxCols),
    Y: cell(FLOOR_PLAN_LIMITS.maxRows),
    W: intField(1, FLOOR_PLAN_LIMITS.maxCols),
    H: intField(1, FLOOR_PLAN_LIMITS.maxRows),
  })).max(200),
});
export type FloorPlanInput = z.infer<typeof floorPlanInput>;

const P = (area: string, action: string) => `${LIB}/${area}/${action}`;
const call = { method: 'POST' as const, auth: 'user' as const, spec: false };

export const basicSetsCalls = {
  branchList: defineCall({ ...call, id: 'basic.branch.list', path: P('Branch', 'GetList'), input: pageQuerySchema, data: pageOf(branchSchema) }),
  branchAdd: defineCall({ ...call, id: 'basic.branch.add', path: P('Branch', 'Add'), perm: 'basic.branch.edit', input: branchInput, data: branchSchema }),
  branchUpdate: defineCall({ ...call, id: 'basic.branch.update', path: P('Branch', 'Update'), perm: 'basic.branch.edit', input: branchInput.extend({ ID: id }), data: branchSchema }),
  branchDelete: defineCall({ ...call, id: 'basic.branch.delete', path: P('Branch', 'Delete'), perm: 'basic.branch.edit', input: byId, data: z.null() }),

  locationList: defineCall({ ...call, id: 'basic.location.list', path: P('Location', 'GetList'), input: pageQuerySchema.extend({ BranchID: optionalRef }), data: pageOf(locationSchema) }),
  locationAdd: defineCall({ ...call, id: 'basic.location.add', path: P('Location', 'Add'), perm: 'basic.location.edit', input: locationInput, data: locationSchema }),
  locationUpdate: defineCall({ ...call, id: 'basic.location.update', path: P('Location', 'Update'), perm: 'basic.location.edit', input: locationInput.extend({ ID: id }), data: locationSchema }),
  locationDelete: defineCall({ ...call, id: 'basic.location.delete', path: P('Location', 'Delete'), perm: 'basic.location.edit', input: byId, data: z.null() }),

  resourceTypeList: defineCall({ ...call, id: 'basic.resourceType.list', path: P('ResourceType', 'GetList'), input: pageQuerySchema, data: pageOf(resourceTypeSchema) }),
  resourceTypeAdd: defineCall({ ...call, id: 'basic.resourceType.add', path: P('ResourceType', 'Add'), perm: 'basic.resource-type.edit', input: resourceTypeInput, data: resourceTypeSchema }),
  resourceTypeUpdate: defineCall({ ...call, id: 'basic.resourceType.update', path: P('ResourceType', 'Update'), perm: 'basic.resource-type.edit', input: resourceTypeInput.extend({ ID: id }), data: resourceTypeSchema }),
  resourceTypeDelete: defineCall({ ...call, id: 'basic.resourceType.delete', path: P('ResourceType', 'Delete'), perm: 'basic.resource-type.edit', input: byId, data: z.null() }),

  resourceAuthList: defineCall({ ...call, id: 'basic.resourceAuth.list', path: P('ResourceAuth', 'GetList'), input: pageQuerySchema, data: pageOf(resourceAccessSchema) }),
  resourceAuthUpdate: defineCall({ ...call, id: 'basic.resourceAuth.update', path: P('ResourceAuth', 'Update'), perm: 'basic.resource-auth.edit', input: resourceAccessInput, data: resourceAccessSchema }),

  shelfAreaList: defineCall({ ...call, id: 'basic.shelfArea.list', path: P('ShelfArea', 'GetList'), input: pageQuerySchema.extend({ AreaID: optionalRef }), data: pageOf(shelfAreaSchema) }),
  shelfAreaAdd: defineCall({ ...call, id: 'basic.shelfArea.add', path: P('ShelfArea', 'Add'), perm: 'basic.shelf-area.edit', input: shelfAreaInput, data: shelfAreaSchema }),
  shelfAreaUpdate: defineCall({ ...call, id: 'basic.shelfArea.update', path: P('ShelfArea', 'Update'), perm: 'basic.shelf-area.edit', input: shelfAreaInput.extend({ ID: id }), data: shelfAreaSchema }),
  shelfAreaDelete: defineCall({ ...call, id: 'basic.shelfArea.delete', path: P('ShelfArea', 'Delete'), perm: 'basic.shelf-area.edit', input: byId, data: z.null() }),

  /** A branch's floor plan with every shelf area of the branch (placed or not), for the editor. */
  floorPlanGet: defineCall({ ...call, id: 'basic.floorPlan.get', path: P('FloorPlan', 'Get'), input: z.object({ BranchID: ref('validation:required.branch') }), data: floorPlanSchema }),
  /** Saves the grid, the kiosk's spot and where each shelf area lies; areas may not overlap or leave the grid. */
  floorPlanSave: defineCall({ ...call, id: 'basic.floorPlan.save', path: P('FloorPlan', 'Save'), perm: 'basic.shelf-area.edit', input: floorPlanInput, data: floorPlanSchema }),
  /** The kiosk's and portal's read: a branch's saved plan with its placed areas only (null when there is none). */
  floorPlanPublic: defineCall({
    method: 'POST', auth: 'optional', spec: false, rateLimit: 'public', id: 'basic.floorPlan.public', path: P('FloorPlan', 'Public'),
    input: z.object({ BranchID: ref('validation:required.branch') }), data: floorPlanSchema.nullable(),
  }),
  shelfList: defineCall({ ...call, id: 'basic.shelf.list', path: P('Shelf', 'GetList'), input: pageQuerySchema.extend({ AreaID: optionalRef, ShelfAreaID: optionalRef }), data: pageOf(shelfSchema) }),
  shelfAdd: defineCall({ ...call, id: 'basic.shelf.add', path: P('Shelf', 'Add'), perm: 'basic.shelf.edit', input: shelfInput, data: shelfSchema }),
  shelfUpdate: defineCall({ ...call, id: 'basic.shelf.update', path: P('Shelf', 'Update'), perm: 'basic.shelf.edit', input: shelfInput.extend({ ID: id }), data: shelfSchema }),
  shelfDelete: defineCall({ ...call, id: 'basic.shelf.delete', path: P('Shelf', 'Delete'), perm: 'basic.shelf.edit', input: byId, data: z.null() }),

  positionList: defineCall({ ...call, id: 'basic.shelfPosition.list', path: P('ShelfPosition', 'GetList'), input: pageQuerySchema.extend({ ShelfID: optionalRef }), data: pageOf(shelfPositionSchema) }),
  /** What Generate would create for these shelves; writes nothing. */
  positionPreview: defineCall({ ...call, id: 'basic.shelfPosition.preview', path: P('ShelfPosition', 'PreviewGenerate'), perm: 'basic.shelf-position.edit', input: z.object({ ShelfIDs: shelfIds }), data: z.array(positionPlanSchema) }),
  /** Creates the missing positions of these shelves in one transaction; existing ones stay. */
  positionGenerate: defineCall({ ...call, id: 'basic.shelfPosition.generate', path: P('ShelfPosition', 'Generate'), perm: 'basic.shelf-position.edit', input: z.object({ ShelfIDs: shelfIds }), data: z.object({ Created: z.number().int(), Shelves: z.number().int() }) }),
  positionDelete: defineCall({ ...call, id: 'basic.shelfPosition.delete', path: P('ShelfPosition', 'Delete'), perm: 'basic.shelf-position.edit', input: byId, data: z.null() }),

  basicInfoGet: defineCall({ ...call, id: 'basic.library.get', path: P('Library', 'GetBasicInfo'), input: z.object({}), data: basicInfoSchema }),
  basicInfoUpdate: defineCall({ ...call, id: 'basic.library.update', path: P('Library', 'UpdateBasicInfo'), perm: 'basic.library.edit', input: basicInfoInput, data: basicInfoSchema }),
} as const;
