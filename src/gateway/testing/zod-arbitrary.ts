import fc from 'fast-check';
import type { z } from 'zod';

/**
 * A zod 4 schema → fast-check arbitrary, for the contract fuzz test. It walks `schema._zod.def`
 * (the public-but-internal definition every zod 4 type carries) and generates mostly inputs the
 * schema accepts, so requests get past validation and into the handlers, mixed with the edge values
 * an outside probe tries: ancient and far-future dates, huge, negative and fractional numbers,
 * 10 kB strings, control, bidi and zero-width characters, wrong types, extra and missing fields.
 *
 * Schemas are generated from their input side (pipes from `in`, defaults and optionals may be
 * absent). A type it does not know becomes an arbitrary JSON value, so a new zod feature in the
 * contract never breaks the test: it is fuzzed loosely until taught here.
 */

/** Where realistic values come from: existing rows, so handlers go past "not found". */
export interface ValuePools {
  /** Values of existing rows that suit a field of this name (e.g. BranchID → branch ids), or []. */
  forField(field: string, hint: string): readonly unknown[];
}

/**
 * A theme replaces the valid values of every leaf it concerns (the others stay valid), so one
 * request probes the same kind of edge in every field at once:
 * - max / min: every number as large (small) as its schema allows, or huge when it is unbounded;
 * - far-dates: every day an edge day, and lists of days a run of consecutive edge days;
 * - invisible: every free text with a control, bidi or zero-width character;
 * - long: every free text and list at its maximum length (10 kB when unbounded).
 */
export const THEMES = ['max', 'min', 'far-dates', 'invisible', 'long'] as const;
export type Theme = (typeof THEMES)[number];

export interface ArbitraryOptions {
  pools?: ValuePools;
  theme?: Theme;
  /** Words of the call id ("basic", "branch", "update"): a hint for which table an `ID` belongs to. */
  hint?: string;
  /** Nesting depth after which recursive schemas stop (lazy, getters). */
  maxDepth?: number;
}

// ---- edge values (exported: the test's report explains them by name) ----

/** Well-formed days far from now: outside any sane range, or at its ends. */
export const EDGE_DAYS = ['0001-01-01', '0020-02-29', '0099-12-31', '1899-12-31', '1900-01-01', '2199-12-31', '2200-01-01', '9999-12-31'] as const;
/** Days that are not days. */
export const MALFORMED_DAYS = ['0000-01-01', '2024-02-30', '2025-13-01', '2025-1-1', '20250101', ''] as const;
export const EDGE_DATES = [...EDGE_DAYS, ...MALFORMED_DAYS] as const;
export const EDGE_DATETIMES = [
  '0001-01-01T00:00:00Z', '0020-02-29T12:00:00+08:00', '9999-12-31T23:59:59Z', '2199-12-31T23:59:59.999Z',
  '1899-12-31T23:59:59-12:00', '2025-06-01T08:00:00', '2025-06-01', 'not a date',
] as const;
/** Integers a schema may accept that overflow what is computed from them (offsets, sums, dates). */
export const HUGE_INTEGERS = [2_000_000_000_000_000, Number.MAX_SAFE_INTEGER, 2 ** 31, 2 ** 32, 1e15] as const;
/** Unsafe, fractional, negative, zero. */
export const ODD_NUMBERS = [1e16, -1e16, 9_007_199_254_740_993, 1e308, -1e308, 1.5, -0.5, -1, 0, -(2 ** 31) - 1] as const;
export const EDGE_NUMBERS = [...HUGE_INTEGERS, ...ODD_NUMBERS] as const;
/** Numbers sent as text (a JSON string where a number is expected, or a GET value). */
export const EDGE_NUMBER_TEXTS = ['NaN', 'Infinity', '-Infinity', '-1', '1.5', '1e16', '2000000000000000', '', ' 7 ', '0x10', '１２'] as const;
/** Control, bidi and zero-width characters, and line breaks, to put before, inside and after text. */
export const INVISIBLES = [
  '\u0000', '\u0007', '\u001b[31m', '\u0085', '\u202e', '\u2066', '\u2069', '\u200b', '\ufeff', '\u200d', '\r\n', '\t',
] as const;
const TEN_KB = ['x'.repeat(10_240), '图'.repeat(3_414), `${'a\u0301'.repeat(3_000)}`, '\u202e'.repeat(5_000)] as const;
const WRONG_TYPES: readonly unknown[] = [null, 42, -1, 1.5, true, false, '', 'x', [], [1, 'a'], {}, { ID: 1 }];

// ---- realistic text ----

const cjk = fc.integer({ min: 0x4e00, max: 0x9fa5 }).map((c) => String.fromCharCode(c));
const cjkText = (min: number, max: number) => fc.string({ unit: cjk, minLength: min, maxLength: max });
const asciiText = (min: number, max: number) => fc.string({ unit: 'grapheme-ascii', minLength: min, maxLength: max });
const anyText = (min: number, max: number) => fc.string({ unit: 'grapheme', minLength: min, maxLength: max });
const words = fc.constantFrom('图书馆', '一年级', '三(2)班', '语文', 'Main branch', "O'Brien", 'Zoë', '<b>x</b>', "'; DROP TABLE users;--", '%_', '\\', 'null', 'undefined', '0');

/** One invisible character put before, inside or after a text. */
function withInvisible(base: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.tuple(base, fc.constantFrom(...INVISIBLES), fc.constantFrom('lead', 'inside', 'trail')).map(([s, ch, at]) => {
    if (at === 'lead') return ch + s;
    if (at === 'trail') return s + ch;
    const i = Math.floor(s.length / 2);
    return s.slice(0, i) + ch + s.slice(i);
  });
}

// ---- the walk ----

interface Check {
  check?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: number | bigint;
  inclusive?: boolean;
  pattern?: RegExp;
}
interface Def {
  type: string;
  checks?: Array<{ _zod: { def: Check } }>;
  [k: string]: unknown;
}
type Schema = z.ZodType | { _zod: { def: Def; optin?: string } };

const defOf = (s: Schema) => (s as { _zod: { def: Def } })._zod.def;
const checksOf = (d: Def): Check[] => (d.checks ?? []).map((c) => c._zod.def);
/** optional(), default() and friends: the key may be absent. */
const mayBeAbsent = (s: Schema) => (s as { _zod: { optin?: string } })._zod.optin === 'optional';

interface Ctx {
  opts: ArbitraryOptions;
  field: string;
  depth: number;
  /** An element of a list: lists name existing things (permissions, urls, ids). */
  inList?: boolean;
}

/**
 * Three ways to generate one schema:
 * - valid: what the schema accepts, realistic (existing ids, names, dates of this century);
 * - edge: exactly one edge value somewhere (one field of an object, one element of an array),
 *   everything else valid, so the edge reaches the handler whenever the schema lets it through;
 * - mixed: every leaf independently edged now and then (several problems at once).
 */
interface Gen {
  valid: fc.Arbitrary<unknown>;
  edge: fc.Arbitrary<unknown>;
  mixed: fc.Arbitrary<unknown>;
}

const MIXED_EDGE_WEIGHT = 20;

function leaf(valid: fc.Arbitrary<unknown>, edge: fc.Arbitrary<unknown>): Gen {
  return { valid, edge, mixed: fc.oneof({ arbitrary: valid, weight: 100 - MIXED_EDGE_WEIGHT }, { arbitrary: edge, weight: MIXED_EDGE_WEIGHT }) };
}

const wrongType = fc.constantFrom(...WRONG_TYPES);

/** Existing values for this field (ids of real rows, real card numbers) converted to the field's kind. */
function pooled(ctx: Ctx, kind: 'number' | 'string'): unknown[] {
  const raw = ctx.opts.pools?.forField(ctx.field, ctx.opts.hint ?? '') ?? [];
  const out: unknown[] = [];
  for (const v of raw) {
    if (kind === 'string' && (typeof v === 'string' || typeof v === 'number')) out.push(String(v));
    if (kind === 'number' && typeof v === 'number') out.push(v);
    if (kind === 'number' && typeof v === 'string' && /^-?\d+$/.test(v)) out.push(Number(v));
  }
  return out;
}

function withPool<T>(ctx: Ctx, kind: 'number' | 'string', main: fc.Arbitrary<T>): fc.Arbitrary<unknown> {
  const values = pooled(ctx, kind);
  if (!values.length) return main;
  // A reference (BranchID, ShelfIDs) names an existing row far more often than not.
  const reference = /I[Dd]s?$/.test(ctx.field) || ctx.inList === true;
  return fc.oneof({ arbitrary: main, weight: reference ? 1 : 3 }, { arbitrary: fc.constantFrom(...values), weight: reference ? 3 : 2 });
}

/** fast-check cannot generate for every flag: drop `i` (lower case matches) and fall back on text. */
function matching(re: RegExp): fc.Arbitrary<string> {
  try {
    return fc.stringMatching(new RegExp(re.source, re.flags.replace(/[^dgmsu]/g, '')));
  } catch {
    return asciiText(0, 20);
  }
}

const dateArb = fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true });

function stringGen(d: Def, ctx: Ctx): Gen {
  const checks = checksOf(d);
  let min = 0;
  let max = Infinity;
  const patterns: RegExp[] = [];
  let format = typeof d.format === 'string' ? d.format : undefined;
  if (d.pattern instanceof RegExp && format && !['date', 'datetime', 'email', 'uuid', 'guid', 'url'].includes(format)) patterns.push(d.pattern);
  for (const c of checks) {
    if (c.check === 'min_length' && c.minimum != null) min = Math.max(min, c.minimum);
    if (c.check === 'max_length' && c.maximum != null) max = Math.min(max, c.maximum);
    if (c.check === 'length_equals' && c.length != null) min = max = c.length;
    if (c.check === 'string_format') {
      if (c.format === 'regex' && c.pattern) patterns.push(c.pattern);
      else if (c.format) format ??= c.format;
    }
  }
  const cap = Math.min(max, min + 40);
  const clip = (s: string) => (s.length > max ? s.slice(0, max) : s);

  let main: fc.Arbitrary<string>;
  let special: fc.Arbitrary<unknown>;
  let specialWeight = 3;
  if (format === 'date') {
    main = dateArb.map((x) => x.toISOString().slice(0, 10));
    special = fc.oneof(
      { arbitrary: fc.constantFrom(...EDGE_DAYS), weight: 6 },
      { arbitrary: fc.constantFrom(...MALFORMED_DAYS), weight: 2 },
      { arbitrary: fc.constantFrom(...EDGE_DATETIMES), weight: 1 },
    );
    specialWeight = 12;
  } else if (format === 'datetime') {
    main = fc.tuple(dateArb, fc.constantFrom('Z', '+08:00', '-05:00')).map(([x, tz]) => x.toISOString().slice(0, 19) + tz);
    special = fc.oneof({ arbitrary: fc.constantFrom(...EDGE_DATETIMES), weight: 5 }, { arbitrary: fc.constantFrom(...EDGE_DATES), weight: 1 });
    specialWeight = 12;
  } else if (format === 'email') {
    // fast-check's RFC addresses are wider than the validators' everyday rule: keep them plain.
    const part = fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'), minLength: 1, maxLength: 10 });
    main = fc.tuple(part, part, fc.constantFrom('cn', 'com', 'edu.cn')).map(([a, b, tld]) => clip(`${a}@${b}.${tld}`));
    special = fc.constantFrom('', 'a@b', '@x.cn', `${'a'.repeat(300)}@x.cn`);
  } else if (format === 'uuid' || format === 'guid') {
    main = fc.uuid();
    special = fc.constantFrom('', '00000000-0000-0000-0000-000000000000', 'not-a-uuid');
  } else if (format === 'url') {
    main = fc.webUrl().map(clip);
    special = fc.constantFrom('javascript:alert(1)', '//evil.example', 'http://', '');
  } else if (patterns.length) {
    // The first pattern drives generation; further ones (rare) are left to the validator.
    main = matching(patterns[0]!).map(clip);
    special = fc.oneof(anyText(0, 20), fc.constant(''));
  } else {
    const lo = min;
    main = fc.oneof(
      { arbitrary: cjkText(Math.max(lo, 1), Math.max(Math.min(cap, 12), lo, 1)), weight: 3 },
      { arbitrary: asciiText(lo, Math.max(Math.min(cap, 24), lo)), weight: 3 },
      { arbitrary: anyText(lo, Math.max(Math.min(cap, 16), lo)), weight: 1 },
      { arbitrary: words, weight: 1 },
      // As long as allowed: what the columns and the screens must hold.
      { arbitrary: Number.isFinite(max) && max <= 10_000 ? fc.constantFrom('x'.repeat(max), '图'.repeat(max)) : words, weight: 1 },
    ).map(clip);
    special = fc.constantFrom('', ' ', '   ', '\u3000');
  }
  const edge = fc.oneof(
    { arbitrary: special, weight: specialWeight },
    // Invisible characters inside otherwise good values: what a stored name must not keep.
    { arbitrary: withInvisible(main), weight: 6 },
    { arbitrary: fc.constantFrom(...TEN_KB), weight: 2 },
    { arbitrary: fc.constantFrom(...EDGE_NUMBERS), weight: 1 },
    { arbitrary: wrongType, weight: 2 },
  );
  const theme = ctx.opts.theme;
  const plain = !format && !patterns.length;
  let valid = withPool(ctx, 'string', main);
  if (theme === 'far-dates' && (format === 'date' || format === 'datetime')) valid = special;
  if (theme === 'invisible' && plain) valid = withInvisible(main);
  if (theme === 'long' && plain) valid = Number.isFinite(max) && max <= 10_000 ? fc.constantFrom('x'.repeat(max), '图'.repeat(max)) : fc.constantFrom(...TEN_KB);
  return leaf(valid, edge);
}

function numberBounds(d: Def): { min: number; max: number; int: boolean } {
  let min = -Infinity;
  let max = Infinity;
  let int = false;
  for (const c of checksOf(d)) {
    if (c.check === 'number_format' && c.format && /int/.test(c.format)) int = true;
    if (c.check === 'greater_than' && c.value != null) {
      const v = Number(c.value);
      min = Math.max(min, c.inclusive ? v : v + (int ? 1 : Number.EPSILON * Math.max(1, Math.abs(v))));
    }
    if (c.check === 'less_than' && c.value != null) {
      const v = Number(c.value);
      max = Math.min(max, c.inclusive ? v : v - (int ? 1 : Number.EPSILON * Math.max(1, Math.abs(v))));
    }
  }
  // An exclusive bound seen before the int format: round inwards once we know.
  if (int) {
    min = Number.isFinite(min) ? Math.ceil(min) : min;
    max = Number.isFinite(max) ? Math.floor(max) : max;
  }
  return { min, max, int };
}

function numberGen(d: Def, ctx: Ctx): Gen {
  const { min, max, int } = numberBounds(d);
  let main: fc.Arbitrary<number>;
  if (int) {
    const lo = Number.isFinite(min) ? Math.max(min, Number.MIN_SAFE_INTEGER) : -(2 ** 31);
    const hi = Number.isFinite(max) ? Math.min(max, Number.MAX_SAFE_INTEGER) : 2 ** 31 - 1;
    // Small values are the likely ones (ids, counts, pages); the full range now and then.
    const nearLo = Math.max(lo, Math.min(-2, hi));
    const near = fc.integer({ min: nearLo, max: Math.min(hi, Math.max(nearLo, 0) + 60) });
    // The bounds themselves are valid and where limits go wrong (a page of 5000, the last page).
    main = fc.oneof({ arbitrary: near, weight: 6 }, { arbitrary: fc.integer({ min: lo, max: hi }), weight: 2 }, { arbitrary: fc.constantFrom(lo, hi), weight: 1 });
  } else {
    main = fc.double({ min: Number.isFinite(min) ? min : -1e9, max: Number.isFinite(max) ? max : 1e9, noNaN: true, noDefaultInfinity: true });
  }
  let valid = withPool(ctx, 'number', main);
  // z.coerce.number(): the text of a number is a valid input too.
  if (d.coerce) valid = fc.oneof({ arbitrary: valid, weight: 3 }, { arbitrary: main.map(String), weight: 1 });
  const edge = fc.oneof(
    { arbitrary: fc.constantFrom(...HUGE_INTEGERS), weight: 4 },
    { arbitrary: fc.constantFrom(...ODD_NUMBERS), weight: 4 },
    { arbitrary: fc.constantFrom(...EDGE_NUMBER_TEXTS), weight: 2 },
    { arbitrary: wrongType, weight: 2 },
  );
  if (ctx.opts.theme === 'max') valid = Number.isFinite(max) && max < 2 ** 31 ? fc.constant(max) : fc.constantFrom(...HUGE_INTEGERS);
  if (ctx.opts.theme === 'min') valid = Number.isFinite(min) && min > -(2 ** 31) ? fc.constant(min) : fc.constantFrom(-(2 ** 31), -1e15, Number.MIN_SAFE_INTEGER);
  return leaf(valid, edge);
}

function arrayBounds(d: Def): { min: number; max: number } {
  let min = 0;
  let max = Infinity;
  for (const c of checksOf(d)) {
    if (c.check === 'min_length' && c.minimum != null) min = Math.max(min, c.minimum);
    if (c.check === 'max_length' && c.maximum != null) max = Math.min(max, c.maximum);
    if (c.check === 'length_equals' && c.length != null) min = max = c.length;
  }
  return { min, max };
}

/** `n` days from `day` on (years below 100 included, which Date.UTC would move to 19xx). */
export function consecutiveDays(day: string, n: number): string[] {
  const [y, m, dd] = day.split('-').map(Number) as [number, number, number];
  const at = new Date(0);
  at.setUTCFullYear(y, m - 1, dd);
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const yy = at.getUTCFullYear();
    out.push(`${String(yy).padStart(4, '0')}-${String(at.getUTCMonth() + 1).padStart(2, '0')}-${String(at.getUTCDate()).padStart(2, '0')}`);
    at.setUTCDate(at.getUTCDate() + 1);
  }
  return out;
}

function arrayGen(d: Def, ctx: Ctx): Gen {
  const { min, max } = arrayBounds(d);
  const el = walk(d.element as Schema, { ...ctx, depth: ctx.depth + 1, inList: true });
  const size = { minLength: min, maxLength: Math.max(min, Math.min(max, min + 6)) };
  let valid: fc.Arbitrary<unknown> = fc.array(el.valid, size);
  // One element edged, the others valid.
  const oneEdged = fc.tuple(fc.array(el.valid, { minLength: Math.max(0, min - 1), maxLength: size.maxLength }), el.edge, fc.nat())
    .map(([xs, e, i]) => {
      const copy = [...xs];
      copy.splice(i % (copy.length + 1), 0, e);
      return copy;
    });
  const oversize = Number.isFinite(max) && max <= 600 ? fc.array(el.valid, { minLength: max + 1, maxLength: max + 1 }) : fc.constant([]);
  // Lists of days: a run of consecutive edge days (a holiday period in year 20 or 9999).
  const elDef = defOf(d.element as Schema);
  const run = elDef.type === 'string' && elDef.format === 'date' && max >= 2
    ? fc.tuple(fc.constantFrom(...EDGE_DAYS), fc.integer({ min: 2, max: Math.min(max, 4) })).map(([day, n]) => consecutiveDays(day, n))
    : null;
  const edge = fc.oneof(
    { arbitrary: oneEdged, weight: 6 },
    { arbitrary: run ?? oneEdged, weight: run ? 3 : 0 },
    { arbitrary: fc.constant([]), weight: 1 },
    { arbitrary: oversize, weight: 1 },
    { arbitrary: fc.oneof(el.valid, wrongType), weight: 2 },
  );
  const mixed = fc.oneof({ arbitrary: fc.array(el.mixed, size), weight: 85 }, { arbitrary: edge, weight: 15 });
  if (ctx.opts.theme === 'far-dates' && run) valid = run;
  if (ctx.opts.theme === 'long' && Number.isFinite(max) && max <= 600) valid = fc.array(el.valid, { minLength: max, maxLength: max });
  else if (ctx.opts.theme) valid = fc.array(el.valid, { minLength: Math.max(min, 1), maxLength: size.maxLength });
  return { valid, edge, mixed };
}

function objectGen(d: Def, ctx: Ctx): Gen {
  const shape = (d.shape ?? {}) as Record<string, Schema>;
  const keys = Object.keys(shape);
  const gens: Record<string, Gen> = {};
  const required: string[] = [];
  for (const k of keys) {
    gens[k] = walk(shape[k]!, { ...ctx, field: k, depth: ctx.depth + 1, inList: false });
    if (!mayBeAbsent(shape[k]!)) required.push(k);
  }
  // "ConfirmPassword" repeats "NewPassword" (a form's confirmation field), else it never validates.
  const confirms = keys.flatMap((k) => {
    const m = /^Confirm(.+)$/.exec(k);
    const of = m ? (keys.find((o) => o === `New${m[1]}`) ?? keys.findLast((o) => o !== k && o.endsWith(m[1]!))) : undefined;
    return of ? [[k, of] as const] : [];
  });
  const record = (pick: (k: string) => fc.Arbitrary<unknown>, requiredKeys = required) =>
    fc.record(Object.fromEntries(keys.map((k) => [k, pick(k)])), { requiredKeys, noNullPrototype: true }) as fc.Arbitrary<Record<string, unknown>>;
  // Optional keys are present about half of the time.
  // A themed sample sends every field, so each one the theme concerns is probed.
  const valid = record((k) => gens[k]!.valid, ctx.opts.theme ? keys : required).map((o) => {
    if (!confirms.length) return o;
    const copy = { ...o };
    for (const [k, of] of confirms) if (of in copy) copy[k] = copy[of];
    return copy;
  });
  const oneEdged = keys.length
    ? fc.constantFrom(...keys).chain((edged) =>
        record((k) => (k === edged ? gens[k]!.edge : gens[k]!.valid), [...new Set([...required, edged])]))
    : valid;
  const extraKey = fc.oneof(fc.constantFrom('__proto__', 'constructor', 'SchoolID', 'ID', 'id', 'isAdmin', 'Extra'), asciiText(1, 12));
  const extra = fc.tuple(valid, fc.dictionary(extraKey, fc.jsonValue({ maxDepth: 1 }), { minKeys: 1, maxKeys: 3 }))
    .map(([o, e]) => ({ ...e, ...o }));
  const missing = required.length
    ? fc.tuple(valid, fc.constantFrom(...required)).map(([o, k]) => {
        const copy = { ...o };
        delete copy[k];
        return copy;
      })
    : valid;
  const edge = fc.oneof(
    { arbitrary: oneEdged, weight: keys.length ? 12 : 0 },
    { arbitrary: extra, weight: 2 },
    { arbitrary: missing, weight: 2 },
    { arbitrary: wrongType, weight: 1 },
  );
  const mixed = fc.oneof({ arbitrary: record((k) => gens[k]!.mixed), weight: 9 }, { arbitrary: edge, weight: 1 });
  return { valid, edge, mixed };
}

const same = (a: fc.Arbitrary<unknown>): Gen => ({ valid: a, edge: a, mixed: a });
const json = fc.jsonValue({ maxDepth: 2 });

function walk(schema: Schema, ctx: Ctx): Gen {
  const d = defOf(schema);
  const deep = ctx.depth > (ctx.opts.maxDepth ?? 6);
  switch (d.type) {
    case 'string':
      return stringGen(d, ctx);
    case 'number':
    case 'int':
      return numberGen(d, ctx);
    case 'bigint':
      return leaf(fc.bigInt({ min: -(2n ** 40n), max: 2n ** 40n }).map((b) => Number(b)), fc.constantFrom(...EDGE_NUMBERS));
    case 'boolean':
      return leaf(fc.boolean(), fc.constantFrom('true', 'false', 1, 0, null, 'yes'));
    case 'date':
      return leaf(dateArb.map((x) => x.toISOString()), fc.constantFrom(...EDGE_DATETIMES));
    case 'enum': {
      const values = Object.values(d.entries as Record<string, unknown>);
      const near = values.map((v) => (typeof v === 'string' ? `${v.toUpperCase()} ` : String(v)));
      return leaf(fc.constantFrom(...values), fc.oneof(fc.constantFrom('', 'ADMIN', 'unknown', ...near), wrongType));
    }
    case 'literal': {
      const values = d.values as unknown[];
      const near = values.map((v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? `${v} ` : null));
      return leaf(fc.constantFrom(...values), fc.oneof(fc.constantFrom(...near), wrongType));
    }
    case 'template_literal': {
      const pattern = (schema as { _zod: { pattern?: RegExp } })._zod.pattern;
      return leaf(pattern ? matching(pattern) : asciiText(0, 20), wrongType);
    }
    case 'null':
      return leaf(fc.constant(null), wrongType);
    case 'undefined':
    case 'void':
      return same(fc.constant(undefined));
    case 'nan':
      return same(fc.constant('NaN'));
    case 'array':
      // Recursive shapes end in empty lists one level before the depth limit.
      if (ctx.depth >= (ctx.opts.maxDepth ?? 6) - 1) return same(fc.constant([]));
      return arrayGen(d, ctx);
    case 'tuple': {
      const items = (d.items as Schema[]).map((s) => walk(s, { ...ctx, depth: ctx.depth + 1 }));
      return leaf(fc.tuple(...items.map((g) => g.valid)), fc.oneof(fc.tuple(...items.map((g) => g.mixed)), wrongType));
    }
    case 'object':
      if (deep) return same(fc.constant({}));
      return objectGen(d, ctx);
    case 'record': {
      if (deep) return same(fc.constant({}));
      const keyDef = defOf(d.keyType as Schema);
      const key = ['enum', 'literal', 'string'].includes(keyDef.type)
        ? (walk(d.keyType as Schema, ctx).valid.map(String) as fc.Arbitrary<string>)
        : asciiText(1, 10);
      const value = walk(d.valueType as Schema, { ...ctx, depth: ctx.depth + 1 });
      return {
        valid: fc.dictionary(key, value.valid, { maxKeys: 5 }),
        edge: fc.oneof(fc.dictionary(key, value.edge, { minKeys: 1, maxKeys: 2 }), wrongType),
        mixed: fc.dictionary(key, value.mixed, { maxKeys: 5 }),
      };
    }
    case 'map':
    case 'set':
      return same(json);
    case 'optional':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
    case 'success':
    case 'promise':
      // In an object the key's absence covers "not given"; here, the inner value.
      return walk(d.innerType as Schema, ctx);
    case 'nullable': {
      const inner = walk(d.innerType as Schema, ctx);
      const orNull = (a: fc.Arbitrary<unknown>) => fc.oneof({ arbitrary: fc.constant(null), weight: 1 }, { arbitrary: a, weight: 5 });
      return { valid: orNull(inner.valid), edge: inner.edge, mixed: orNull(inner.mixed) };
    }
    case 'union': {
      const options = (d.options as Schema[]).map((s) => walk(s, ctx));
      return {
        valid: fc.oneof(...options.map((g) => g.valid)),
        edge: fc.oneof(...options.map((g) => g.edge)),
        mixed: fc.oneof(...options.map((g) => g.mixed)),
      };
    }
    case 'intersection': {
      const left = walk(d.left as Schema, ctx);
      const right = walk(d.right as Schema, ctx);
      const merge = (a: unknown, b: unknown) =>
        a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b) ? { ...a, ...b } : a;
      return {
        valid: fc.tuple(left.valid, right.valid).map(([a, b]) => merge(a, b)),
        edge: fc.tuple(left.edge, right.valid).map(([a, b]) => merge(a, b)),
        mixed: fc.tuple(left.mixed, right.mixed).map(([a, b]) => merge(a, b)),
      };
    }
    case 'pipe': {
      // Generate what the caller sends: the input side, unless it is a preprocess function.
      const input = d.in as Schema;
      return defOf(input).type === 'transform' ? walk(d.out as Schema, ctx) : walk(input, ctx);
    }
    case 'lazy':
      if (deep) return same(fc.constant(null));
      return walk((d.getter as () => Schema)(), { ...ctx, depth: ctx.depth + 1 });
    default:
      // unknown, any, custom, transform, never, file, function, symbol, … : any JSON value.
      return same(json);
  }
}

/** The three generators of one schema (a call's input): see Gen. */
export function generatorsFor(schema: z.ZodType, opts: ArbitraryOptions = {}): Gen {
  return walk(schema, { opts, field: '', depth: 0 });
}

/** Values the schema accepts, realistic: for tests that need valid inputs. */
export function arbitraryFor(schema: z.ZodType, opts: ArbitraryOptions = {}): fc.Arbitrary<unknown> {
  return generatorsFor(schema, opts).valid;
}

/**
 * A call's inputs as the fuzz sends them: about a third valid (so handlers run to the end), a
 * third with one edge value in one place, a quarter themed (one kind of edge in every field), the
 * rest with several edges at once or a body that is not an object at all (malformed JSON
 * included: a string is sent as the raw body).
 */
export function fuzzInputArbitrary(schema: z.ZodType, opts: ArbitraryOptions = {}): fc.Arbitrary<unknown> {
  const g = generatorsFor(schema, opts);
  // Refinements (end after start, e-mail rules) are opaque: of a few valid candidates, send one
  // the schema accepts when there is one.
  const valid = fc.array(g.valid, { minLength: 6, maxLength: 6 }).map((xs) => xs.find((x) => schema.safeParse(x).success) ?? xs[0]);
  const themed = fc.oneof(...THEMES.map((theme) => generatorsFor(schema, { ...opts, theme }).valid));
  return fc.oneof(
    { arbitrary: valid, weight: 6 },
    { arbitrary: g.edge, weight: 7 },
    { arbitrary: themed, weight: 5 },
    { arbitrary: g.mixed, weight: 1 },
    { arbitrary: fc.constantFrom(...WRONG_TYPES, 'not json {', '{"a":1', [{}], TEN_KB[0]), weight: 1 },
  );
}
