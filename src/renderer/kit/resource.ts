import type { z } from 'zod';
import type { CallDef } from '../../shared/api/contract.ts';
import type { FieldOverride } from './fields/field-spec.ts';

/**
 * A resource is plain data (react-admin's resource object, FOLIO's ControlledVocab props): which
 * RPC calls serve it, its zod schemas, its id and display fields and a permission per action.
 * Every archetype reads the same definition, so a screen is a resource plus a small config.
 */
export type ResourceAction = 'list' | 'get' | 'create' | 'update' | 'delete' | 'export' | 'import';

export interface ResourceCalls {
  /** Paged list: input has Page/Rows (+ filters), data is { List, Total }. */
  list: CallDef;
  get?: CallDef;
  create?: CallDef;
  update?: CallDef;
  delete?: CallDef;
  /** Starts an export job: data is { DataID } (download-task panel). */
  export?: CallDef;
  /** Excel import in two steps; see src/shared/api/import.ts for the shapes. */
  importPreview?: CallDef;
  importCommit?: CallDef;
}

/** "In use" rows cannot be deleted: either a field on the row (truthy = in use) or a check call. */
export type InUseCheck<Row> =
  | { field: keyof Row & string }
  | { call: CallDef; input: (row: Row) => unknown; inUse: (data: unknown) => boolean };

export type AnyObjectSchema = z.ZodObject;

export interface ResourceDef<S extends AnyObjectSchema = AnyObjectSchema> {
  /** kebab-case, unique; also the first element of every TanStack query key of the resource. */
  id: string;
  /** i18n namespace holding `resources.<id>.…` (usually the feature's namespace). */
  ns: string;
  calls: ResourceCalls;
  /** The entity as the list/get calls return it. */
  schema: S;
  /** Defaults to calls.create.input / calls.update.input (the gateway's own schemas). */
  createSchema?: AnyObjectSchema;
  updateSchema?: AnyObjectSchema;
  /** Filters of the list call; defaults to calls.list.input. */
  listQuery?: AnyObjectSchema;
  idField: keyof z.output<S> & string;
  displayField: keyof z.output<S> & string;
  /** Operation keys per action; an action without one falls back to its call's `perm`. */
  perms?: Partial<Record<ResourceAction, string>>;
  inUse?: InUseCheck<z.output<S>>;
  /** Per-field widget overrides (ref selects, hidden fields ...) on top of the schema's meta. */
  fields?: Partial<Record<keyof z.output<S> & string, FieldOverride>>;
  /** Input builders where the call does not take `{ <idField>: id }`. */
  getInput?: (id: RowId) => unknown;
  deleteInput?: (row: z.output<S>) => unknown;
}

export type RowId = string | number;
export type RowOf<R> = R extends ResourceDef<infer S> ? z.output<S> : never;

export function defineResource<S extends AnyObjectSchema>(def: ResourceDef<S>): ResourceDef<S> {
  if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(def.id)) throw new Error(`resource id must be kebab-case: ${def.id}`);
  return def;
}

export function rowId<S extends AnyObjectSchema>(r: ResourceDef<S>, row: z.output<S>): RowId {
  return (row as Record<string, RowId>)[r.idField] as RowId;
}

export function createSchemaOf(r: ResourceDef): AnyObjectSchema | undefined {
  return r.createSchema ?? (r.calls.create?.input as AnyObjectSchema | undefined);
}

export function updateSchemaOf(r: ResourceDef): AnyObjectSchema | undefined {
  return r.updateSchema ?? (r.calls.update?.input as AnyObjectSchema | undefined);
}

export function listQueryOf(r: ResourceDef): AnyObjectSchema {
  return r.listQuery ?? (r.calls.list.input as AnyObjectSchema);
}

/** The operation key that guards an action: the resource's own, else the call's. */
export function permOf(r: ResourceDef, action: ResourceAction): string | undefined {
  if (r.perms?.[action]) return r.perms[action];
  const def: CallDef | undefined =
    action === 'import' ? r.calls.importCommit : (r.calls as unknown as Record<string, CallDef | undefined>)[action];
  return def?.perm;
}
