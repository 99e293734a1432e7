import { z } from 'zod';
import { defineCall, LIB } from './contract.ts';
import { idField, optionalText, text, tokenField } from '../domain/fields.ts';
import { pageOf, pageQuerySchema } from './paging.ts';

/**
 * Roles (menu permissions, branch scope, resource-access scope) and who holds them (/permission).
 * Our own design: the spec names the screens but not their calls.
 */
export const ROLE_MENU = '/department/permission/role';
export const PERMISSION_MENU = '/permission';
export const SCOPE_KINDS = ['none', 'class', 'dept'] as const;
export type ScopeKind = (typeof SCOPE_KINDS)[number];

export const roleSchema = z.object({
  ID: z.number().int(),
  Code: z.string(),
  Name: z.string(),
  EnName: z.string(),
  /** Shipped with the school: cannot be deleted (the administrator's grant cannot change). */
  BuiltIn: z.boolean(),
  ScopeKind: z.enum(SCOPE_KINDS),
  /** Menu paths and operation keys; ["*"] = everything. */
  Permissions: z.array(z.string()),
  BranchIDs: z.array(z.number().int()),
  /** Resource types the role may work with; empty = all. */
  ResourceTypeIDs: z.array(z.number().int()),
  UserCount: z.number().int(),
});
export type Role = z.infer<typeof roleSchema>;

const roleInput = z.object({
  Name: text({ max: 100, required: 'validation:required.roleName' }),
  EnName: optionalText(100),
  ScopeKind: z.enum(SCOPE_KINDS).default('none'),
  Permissions: z.array(tokenField(200)).max(2000),
  BranchIDs: z.array(idField()).min(1, { error: 'validation:required.roleBranch' }).max(500),
  ResourceTypeIDs: z.array(idField()).max(500).default([]),
});

/** Editor data: the menu tree with its operations, branches, resource types. */
export const menuNodeSchema = z.object({
  Url: z.string(),
  Name: z.string(),
  EnName: z.string(),
  Operations: z.array(z.string()),
  Children: z.array(z.object({ Url: z.string(), Name: z.string(), EnName: z.string(), Operations: z.array(z.string()) })),
});
export type MenuNode = z.infer<typeof menuNodeSchema>;
const namedSchema = z.object({ ID: z.number().int(), Name: z.string(), EnName: z.string() });
export const deptSchema = namedSchema.extend({ ParentID: z.number().int().nullable(), Kind: z.string() });
export type Dept = z.infer<typeof deptSchema>;

export const holderSchema = z.object({
  UserID: z.number().int(),
  Account: z.string(),
  Name: z.string(),
  ReaderID: z.string(),
  Identity: z.string(),
  DeptName: z.string(),
  DeptEnName: z.string(),
  Roles: z.array(z.object({ RoleID: z.number().int(), DeptIDs: z.array(z.number().int()) })),
});
export type Holder = z.infer<typeof holderSchema>;

export const roleCalls = {
  options: defineCall({
    id: 'roles.options', method: 'POST', path: `${LIB}/Role/GetOptions`, auth: 'user', spec: false, perm: ROLE_MENU,
    input: z.object({}),
    data: z.object({ Menus: z.array(menuNodeSchema), Branches: z.array(namedSchema), ResourceTypes: z.array(namedSchema) }),
  }),
  list: defineCall({
    id: 'roles.list', method: 'POST', path: `${LIB}/Role/List`, auth: 'user', spec: false, perm: ROLE_MENU,
    input: pageQuerySchema, data: pageOf(roleSchema),
  }),
  add: defineCall({
    id: 'roles.add', method: 'POST', path: `${LIB}/Role/Add`, auth: 'user', spec: false, perm: 'people.roles.edit',
    input: roleInput, data: roleSchema,
  }),
  update: defineCall({
    id: 'roles.update', method: 'POST', path: `${LIB}/Role/Update`, auth: 'user', spec: false, perm: 'people.roles.edit',
    input: roleInput.extend({ ID: idField() }), data: roleSchema,
  }),
  /** A role users hold needs ReassignToID (they get that role instead) or Confirm (they lose it). */
  delete: defineCall({
    id: 'roles.delete', method: 'POST', path: `${LIB}/Role/Delete`, auth: 'user', spec: false, perm: 'people.roles.edit',
    input: z.object({ ID: idField(), ReassignToID: idField().optional(), Confirm: z.boolean().optional() }),
    data: z.object({ Reassigned: z.number().int(), Removed: z.number().int() }),
  }),
  holders: defineCall({
    id: 'permission.list', method: 'POST', path: `${LIB}/Permission/List`, auth: 'user', spec: false, perm: PERMISSION_MENU,
    input: pageQuerySchema.extend({ RoleID: idField().optional() }), data: pageOf(holderSchema),
  }),
  holderOptions: defineCall({
    id: 'permission.options', method: 'POST', path: `${LIB}/Permission/GetOptions`, auth: 'user', spec: false, perm: PERMISSION_MENU,
    input: z.object({}),
    data: z.object({ Roles: z.array(namedSchema.extend({ ScopeKind: z.enum(SCOPE_KINDS), Code: z.string() })), Depts: z.array(deptSchema) }),
  }),
  /** Replaces the user's roles; a scoped role needs at least one class/department. */
  assign: defineCall({
    id: 'permission.assign', method: 'POST', path: `${LIB}/Permission/Assign`, auth: 'user', spec: false, perm: 'people.permission.assign',
    input: z.object({
      UserID: idField(),
      Roles: z.array(z.object({ RoleID: idField(), DeptIDs: z.array(idField()).max(500).default([]) })).max(50),
    }),
    data: holderSchema,
  }),
} as const;
