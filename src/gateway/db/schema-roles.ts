import type { Generated } from 'kysely';

/** Tables and columns of the roles slice (migration 0007). Flags are 0/1 integers, as elsewhere. */

/** Columns 0007 adds to `roles`. */
export interface RolesScopeColumns {
  /** 1 = shipped with the school (cannot be deleted; the administrator's grant cannot change). */
  built_in: Generated<number>;
  /** none | class | dept: whether holders of the role are limited to classes or departments. */
  scope_kind: Generated<string>;
}

/** Branch library scope of a role: at least one branch per role (spec section 5). */
export interface RoleBranchesTable {
  role_id: number;
  branch_id: number;
}

/** Resource-access scope of a role: the resource types it may work with; none = all. */
export interface RoleResourceTypesTable {
  role_id: number;
  resource_type_id: number;
}

/** The classes/departments a user holds a scoped role for (class librarian, head teacher, reviewer). */
export interface UserRoleScopesTable {
  user_id: number;
  role_id: number;
  dept_id: number;
}

/** One school-year rollover; before/after hold the full state of every row it touched. */
export interface RolloverBatchesTable {
  id: Generated<number>;
  school_id: number;
  created_by: number | null;
  created_at: string;
  /** applied | undone */
  state: string;
  /** JSON summary counts {promoted, graduated, expired, moved}. */
  summary: string;
  /** JSON RolloverSnapshot of the rows before the rollover. */
  before_state: string;
  /** JSON RolloverSnapshot after it (undo refuses when the rows no longer match). */
  after_state: string;
  /** The graduated-cohort department the rollover created (removed again by undo). */
  cohort_dept_id: number | null;
  undone_at: string | null;
  undone_by: number | null;
}
