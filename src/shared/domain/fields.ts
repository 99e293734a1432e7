import { z } from 'zod';
import { messageKey } from './issue-messages.ts';

/**
 * The value types every gateway call is built from: one text, date, instant, ID and count type,
 * so a rule (what a name may hold, which years exist) is decided once and holds for every call,
 * on both sides (forms validate with the same schemas). Messages are i18n keys; the side that
 * shows one fills {{field}} from the issue's path and {{maximum}}/{{minimum}} from the issue
 * (see issue-messages.ts).
 */

// ---- text ----

/** C0 and C1 control characters and DEL. Tab and newline are allowed in multi-line text only. */
const CONTROL_SINGLE = /[\u0000-\u001F\u007F-\u009F]/u;
const CONTROL_MULTI = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/u;
/** Bidirectional embeddings, overrides (U+202E shows a name reversed) and isolates. */
const BIDI = /[\u202A-\u202E\u2066-\u2069]/u;
/** Zero-width characters that are invisible at either end of a value (inside, ZWJ/ZWNJ shape scripts and emoji). */
const EDGE_INVISIBLE = /^[\s\u200B-\u200D\u2060\uFEFF]+|[\s\u200B-\u200D\u2060\uFEFF]+$/gu;

/** What every stored text goes through first: NFC, line ends as \n, invisible edges trimmed. */
export function normalizeText(value: string): string {
  return value.normalize('NFC').replace(/\r\n?/g, '\n').replace(EDGE_INVISIBLE, '');
}

/** The i18n key of the first rule a text breaks, or null. Lone surrogates cannot be stored as UTF-8. */
export function textProblem(value: string, multiline = false): string | null {
  if (!value.isWellFormed()) return 'validation:text.malformed';
  if ((multiline ? CONTROL_MULTI : CONTROL_SINGLE).test(value)) return multiline ? 'validation:text.controlMultiline' : 'validation:text.control';
  if (BIDI.test(value)) return 'validation:text.bidi';
  return null;
}

export interface TextOptions {
  /** Most characters (after normalisation). */
  max: number;
  /** Fewest characters; with `required` the message for an empty value. Default 0. */
  min?: number;
  /** i18n key shown when the value is missing or empty ("Please enter the branch name"). */
  required?: string;
  /** Tab and newline allowed (remarks, descriptions). */
  multiline?: boolean;
}

/**
 * A free-text field. Stays a plain zod string (normalisation is an overwrite, not a transform), so
 * OpenAPI, form widgets and the typed client see `string` with its length bounds.
 */
export function text(opts: TextOptions) {
  const { max, required, multiline = false } = opts;
  const min = opts.min ?? (required ? 1 : 0);
  const typeError = (iss: { input?: unknown }) =>
    iss.input === undefined && required ? required : 'validation:text.type';
  let s = z
    .string({ error: typeError })
    .overwrite(normalizeText)
    .check((ctx) => {
      const problem = textProblem(ctx.value, multiline);
      if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value, abort: true });
    });
  if (min > 0) s = s.min(min, { error: required ?? messageKey('validation:text.tooShort', { minimum: min }) });
  return s.max(max, { error: messageKey('validation:text.tooLong', { maximum: max }) });
}

/** An optional free-text field that defaults to ''. */
export function optionalText(max: number, multiline = false) {
  return text({ max, multiline }).default('');
}

/** A code or identifier typed by staff (reader ID, barcode, branch code): letters, digits, - and _. */
export function codeText(opts: { max: number; required?: string; pattern?: RegExp; patternError?: string }) {
  return text({ max: opts.max, required: opts.required }).regex(opts.pattern ?? /^[A-Za-z0-9_-]*$/, {
    error: opts.patternError ?? 'validation:text.codeFormat',
  });
}

/** An http(s) address typed by an administrator (a data source); '' when not set. */
export function urlField(max = 500) {
  return text({ max }).regex(/^(https?:\/\/[^\s]+)?$/i, { error: 'validation:text.url' });
}

// ---- numbers ----

/** Largest value a 32-bit database integer holds: IDs and counts beyond it are refused, not a 500. */
export const INT32_MAX = 2_147_483_647;

/** A record ID (positive; stored as a 32-bit integer on PostgreSQL). */
export function idField(required = 'validation:required.id', opts: { coerce?: boolean } = {}) {
  // Query strings carry numbers as text: list filters coerce.
  const error = (iss: { input?: unknown }) => (iss.input === undefined ? required : 'validation:number.type');
  return (opts.coerce ? z.coerce.number({ error }) : z.number({ error }))
    .int({ error: 'validation:number.int' })
    .min(1, { error: messageKey('validation:number.tooSmall', { minimum: 1 }) })
    .max(INT32_MAX, { error: messageKey('validation:number.tooBig', { maximum: INT32_MAX }) });
}

/** A whole number within bounds. */
export function intField(min: number, max: number, opts: { coerce?: boolean } = {}) {
  return (opts.coerce ? z.coerce.number({ error: 'validation:number.type' }) : z.number({ error: 'validation:number.type' }))
    .int({ error: 'validation:number.int' })
    .min(min, { error: messageKey('validation:number.tooSmall', { minimum: min }) })
    .max(max, { error: messageKey('validation:number.tooBig', { maximum: max }) });
}

/**
 * A number with at most `places` decimals within bounds (money in yuan, a discount percentage):
 * 12.345 yuan is a typing slip, not a price. Compared in integer units so 0.1 + 0.2 style float
 * noise never refuses a value that was typed correctly.
 */
export function decimalField(min: number, max: number, places = 2) {
  const unit = 10 ** places;
  return z.number({ error: 'validation:number.type' })
    .min(min, { error: messageKey('validation:number.tooSmall', { minimum: min }) })
    .max(max, { error: messageKey('validation:number.tooBig', { maximum: max }) })
    .refine((v) => Math.abs(v * unit - Math.round(v * unit)) < 1e-6, { error: messageKey('validation:number.decimals', { places }) });
}

// ---- dates ----

/** The years a school calendar, a birthday or a loan can have; anything else is a typing slip or an attack. */
export const FIRST_DAY = '1900-01-01';
export const LAST_DAY = '2199-12-31';

/** A calendar day yyyy-mm-dd between 1900 and 2199 (zod checks month lengths and leap days). */
export function dateField(required?: string) {
  return z.iso
    .date({ error: (iss) => (iss.input === undefined && required ? required : 'validation:date.format') })
    .refine((d) => d >= FIRST_DAY && d <= LAST_DAY, { error: messageKey('validation:date.range', { from: FIRST_DAY, to: LAST_DAY }), abort: true });
}

/** An instant with an explicit offset ("Z" or "+08:00") between 1900 and 2199. */
export function instantField(required?: string) {
  return z.iso
    .datetime({ offset: true, error: (iss) => (iss.input === undefined && required ? required : 'validation:date.instantFormat') })
    .refine((v) => {
      const ms = Date.parse(v);
      return Number.isFinite(ms) && ms >= Date.parse(`${FIRST_DAY}T00:00:00Z`) && ms <= Date.parse(`${LAST_DAY}T23:59:59.999Z`);
    }, { error: messageKey('validation:date.range', { from: FIRST_DAY, to: LAST_DAY }), abort: true });
}

// ---- opaque values ----

/** A token, code, ID or address made by a machine: printable ASCII only, bounded. */
export function tokenField(max: number, opts: { min?: number; required?: string } = {}) {
  const required = opts.required ?? 'validation:text.type';
  return z.string({ error: (iss) => (iss.input === undefined ? required : 'validation:text.type') })
    .min(opts.min ?? 1, { error: required })
    .max(max, { error: messageKey('validation:text.tooLong', { maximum: max }) })
    .regex(/^[\x21-\x7E]*$/, { error: 'validation:text.token' });
}

/** A password as typed: never normalised (the stored hash is of the exact characters), no control characters. */
export function passwordField(required: string) {
  return z.string({ error: (iss) => (iss.input === undefined ? required : 'validation:text.type') })
    .min(1, { error: required })
    .max(128, { error: messageKey('validation:text.tooLong', { maximum: 128 }) })
    .regex(/^[^\u0000-\u001F\u007F-\u009F]*$/u, { error: 'validation:text.control' });
}

/** A file's bytes as base64 (no data: prefix), at most `maxBytes` once decoded. */
export function base64Field(maxBytes: number, tooLarge = 'validation:upload.tooLarge') {
  return z.string({ error: 'validation:text.type' })
    .min(1, { error: 'validation:upload.empty' })
    .max(Math.ceil(maxBytes / 3) * 4 + 4, { error: tooLarge })
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, { error: 'validation:upload.notBase64' });
}
