import { z } from 'zod';
import type { CallDef } from '../../../shared/api/contract.ts';

/**
 * Chooses a widget per field from the zod schema (zod 4 introspection of `_zod.def`), so forms,
 * filters and grid columns need no per-field code. A `.meta({ widget, ref })` on the schema or a
 * resource's `fields` override wins over what the type implies.
 */
export type WidgetKind =
  | 'text' | 'textarea' | 'password' | 'phone' | 'email' | 'color'
  | 'number' | 'switch' | 'select' | 'multiselect' | 'ref' | 'date' | 'datetime' | 'unsupported';

/** A select fed by a list call: `{ call: branchCalls.getList, value: 'ID', label: 'Name' }`. */
export interface RefSpec {
  call: CallDef;
  value: string;
  label: string;
  /** Input of the list call (default: the first 1000 rows). */
  input?: Record<string, unknown>;
}

export interface FieldSpec {
  name: string;
  widget: WidgetKind;
  /** The value must be given (not optional, nullable or defaulted). */
  required: boolean;
  optional: boolean;
  nullable: boolean;
  defaultValue?: unknown;
  int: boolean;
  min?: number;
  max?: number;
  maxLength?: number;
  options?: readonly (string | number)[];
  /** Element options are numbers (enum of numbers / numeric literals): select values are numbers. */
  numeric?: boolean;
  ref?: RefSpec;
  /** `.describe()` / meta description: help text when no translation exists. */
  description?: string;
  hidden?: boolean;
  readOnly?: boolean;
  /**
   * An identifier people read and type (card number, barcode, code): its grid column is as wide as
   * its longest value and never cut. Unset: inferred from the name (see columns.ts).
   */
  identifier?: boolean;
}

/** What a resource config (or `.meta()`) may override. */
export type FieldOverride = Partial<Pick<FieldSpec, 'widget' | 'ref' | 'options' | 'hidden' | 'readOnly' | 'description' | 'identifier'>>;

const WIDGETS = new Set<WidgetKind>(['text', 'textarea', 'password', 'phone', 'email', 'color', 'number', 'switch', 'select', 'multiselect', 'ref', 'date', 'datetime']);

type Def = { type: string; [k: string]: unknown };
const defOf = (s: z.core.$ZodType): Def => s._zod.def as unknown as Def;

function metaOf(s: z.core.$ZodType): FieldOverride {
  const m = (z.globalRegistry.get(s) ?? {}) as Record<string, unknown>;
  const out: FieldOverride = {};
  if (typeof m.widget === 'string' && WIDGETS.has(m.widget as WidgetKind)) out.widget = m.widget as WidgetKind;
  if (m.ref && typeof m.ref === 'object') out.ref = m.ref as RefSpec;
  if (typeof m.description === 'string') out.description = m.description;
  if (m.hidden === true) out.hidden = true;
  if (m.readOnly === true) out.readOnly = true;
  if (typeof m.identifier === 'boolean') out.identifier = m.identifier;
  return out;
}

/** Literal values of an enum, a literal, or a union of literals; undefined otherwise. */
function choicesOf(s: z.core.$ZodType): (string | number)[] | undefined {
  const d = defOf(s);
  if (d.type === 'enum') return Object.values(d.entries as Record<string, string | number>);
  if (d.type === 'literal') return (d.values as unknown[]).filter((v): v is string | number => typeof v === 'string' || typeof v === 'number');
  if (d.type === 'union') {
    const all = (d.options as z.core.$ZodType[]).map(choicesOf);
    return all.every(Boolean) ? all.flat() as (string | number)[] : undefined;
  }
  return undefined;
}

/** Strips optional/nullable/default/pipe wrappers, noting what each says and collecting meta (outer wins). */
function unwrap(schema: z.core.$ZodType) {
  let s = schema;
  let optional = false;
  let nullable = false;
  let defaultValue: unknown;
  let meta: FieldOverride = {};
  for (let i = 0; i < 20; i++) {
    meta = { ...metaOf(s), ...meta };
    const d = defOf(s);
    if (d.type === 'optional') optional = true;
    else if (d.type === 'nullable') nullable = true;
    else if (d.type === 'default' || d.type === 'prefault') {
      if (defaultValue === undefined) defaultValue = typeof d.defaultValue === 'function' ? (d.defaultValue as () => unknown)() : d.defaultValue;
    } else if (d.type === 'pipe') {
      // A transform's input side is what the user types; z.preprocess puts the transform first.
      const inner = defOf(d.in as z.core.$ZodType).type === 'transform' ? d.out : d.in;
      s = inner as z.core.$ZodType;
      continue;
    } else if (!(d.type === 'readonly' || d.type === 'catch' || d.type === 'nonoptional')) break;
    s = d.innerType as z.core.$ZodType;
  }
  return { inner: s, optional, nullable, defaultValue, meta };
}

function baseWidget(s: z.core.$ZodType): Pick<FieldSpec, 'widget' | 'int' | 'min' | 'max' | 'maxLength' | 'options' | 'numeric'> {
  const d = defOf(s);
  const bag = s as unknown as { format?: string | null; minValue?: number | null; maxValue?: number | null; maxLength?: number | null; isInt?: boolean };
  const base = { int: false };
  switch (d.type) {
    case 'string': {
      const f = bag.format;
      const widget: WidgetKind = f === 'date' ? 'date' : f === 'datetime' ? 'datetime' : f === 'email' ? 'email' : 'text';
      return { ...base, widget, ...(bag.maxLength != null ? { maxLength: bag.maxLength } : {}) };
    }
    case 'number':
    case 'bigint':
      return {
        widget: 'number',
        int: d.type === 'bigint' || bag.isInt === true || /int/.test(bag.format ?? ''),
        ...(bag.minValue != null && Number.isFinite(bag.minValue) ? { min: bag.minValue } : {}),
        ...(bag.maxValue != null && Number.isFinite(bag.maxValue) ? { max: bag.maxValue } : {}),
      };
    case 'boolean':
      return { ...base, widget: 'switch' };
    case 'date':
      return { ...base, widget: 'date' };
    case 'array': {
      const options = choicesOf(unwrap(d.element as z.core.$ZodType).inner);
      return options ? { ...base, widget: 'multiselect', options, numeric: options.every((o) => typeof o === 'number') } : { ...base, widget: 'unsupported' };
    }
    default: {
      const options = choicesOf(s);
      return options ? { ...base, widget: 'select', options, numeric: options.every((o) => typeof o === 'number') } : { ...base, widget: 'unsupported' };
    }
  }
}

export function fieldSpec(name: string, schema: z.core.$ZodType, override: FieldOverride = {}): FieldSpec {
  const { inner, optional, nullable, defaultValue, meta } = unwrap(schema);
  const merged = { ...meta, ...override };
  const base = baseWidget(inner);
  // A text that takes '' (a shelf mark, an RFID tag not yet written) may be left empty: no asterisk.
  const emptyAllowed = base.widget === 'text' && z.safeParse(schema, '').success;
  const spec: FieldSpec = {
    name,
    ...base,
    optional,
    nullable,
    required: !optional && !nullable && defaultValue === undefined && !emptyAllowed,
    ...(defaultValue !== undefined ? { defaultValue } : {}),
    ...merged,
  };
  if (spec.ref && !merged.widget) spec.widget = 'ref';
  return spec;
}

/** The fields of an object schema, in schema order (or `order`), with overrides applied. */
export function fieldSpecs(schema: z.ZodObject, overrides: Partial<Record<string, FieldOverride>> = {}, order?: readonly string[]): FieldSpec[] {
  const shape = schema.shape as Record<string, z.core.$ZodType>;
  const names = order ?? Object.keys(shape);
  return names.filter((n) => shape[n]).map((n) => fieldSpec(n, shape[n] as z.core.$ZodType, overrides[n]));
}

/** The value an empty input stands for: '' for a required text (so `min(1)` speaks), else undefined/null. */
export function emptyValue(spec: FieldSpec): unknown {
  if (spec.widget === 'multiselect') return [];
  if (spec.widget === 'switch') return false;
  if (spec.nullable) return null;
  if (spec.optional || spec.defaultValue !== undefined) return undefined;
  return spec.widget === 'number' || spec.widget === 'select' || spec.widget === 'ref' || spec.widget === 'date' || spec.widget === 'datetime' ? undefined : '';
}

/** Initial form values: the entry's, else the schema default, else the empty value. */
export function initialValues(specs: readonly FieldSpec[], entry?: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const s of specs) {
    const v = entry?.[s.name];
    out[s.name] = v !== undefined ? v : s.defaultValue !== undefined ? s.defaultValue : emptyValue(s);
  }
  return out;
}
