import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { allCalls } from '../../shared/api/all-calls.ts';
import { normalizeText } from '../../shared/domain/fields.ts';

/**
 * The guard behind "one text, date and number type for every call": walks every call's input
 * schema and lists each string that is neither the shared free-text type (normalised, controls
 * and bidi overrides refused) nor constrained by a format or pattern, and each number without
 * both bounds. A new call is checked the day it is written.
 */
type Def = { type: string; checks?: Array<{ _zod: { def: Record<string, unknown> } }>; [k: string]: unknown };
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

function problems(schema: z.ZodType, path: string, out: string[], seen = new Set<unknown>()): void {
  if (seen.has(schema)) return;
  seen.add(schema);
  const def = defOf(schema);
  const checks = (def.checks ?? []).map((c) => c._zod.def);
  switch (def.type) {
    case 'string': {
      const isText = checks.some((c) => c.check === 'overwrite' && c.tx === normalizeText);
      const formatted = typeof def.format === 'string' || checks.some((c) => c.check === 'string_format');
      if (!isText && !formatted) out.push(`${path}: free string`);
      const hasMax = checks.some((c) => c.check === 'max_length' || c.check === 'length_equals') || typeof def.format === 'string';
      if (!hasMax) out.push(`${path}: string without a maximum length`);
      return;
    }
    case 'number': {
      const min = checks.some((c) => c.check === 'greater_than');
      const max = checks.some((c) => c.check === 'less_than');
      if (!min || !max) out.push(`${path}: number without ${!min ? 'a minimum' : 'a maximum'}`);
      return;
    }
    case 'object':
      for (const [k, v] of Object.entries(def.shape as Record<string, z.ZodType>)) problems(v, `${path}.${k}`, out, seen);
      if (def.catchall && defOf(def.catchall as z.ZodType).type !== 'never' && defOf(def.catchall as z.ZodType).type !== 'unknown') problems(def.catchall as z.ZodType, `${path}.*`, out, seen);
      return;
    case 'array':
      if (!checks.some((c) => c.check === 'max_length')) out.push(`${path}: list without a maximum length`);
      problems(def.element as z.ZodType, `${path}[]`, out, seen);
      return;
    case 'record':
      problems(def.keyType as z.ZodType, `${path}{key}`, out, seen);
      problems(def.valueType as z.ZodType, `${path}{}`, out, seen);
      return;
    case 'optional': case 'nullable': case 'default': case 'prefault': case 'readonly': case 'nonoptional': case 'catch':
      problems(def.innerType as z.ZodType, path, out, seen);
      return;
    case 'pipe':
      problems(def.in as z.ZodType, path, out, seen);
      return;
    case 'union':
      (def.options as z.ZodType[]).forEach((o, i) => problems(o, `${path}|${i}`, out, seen));
      return;
    case 'intersection':
      problems(def.left as z.ZodType, path, out, seen);
      problems(def.right as z.ZodType, path, out, seen);
      return;
    case 'lazy':
      problems((def.getter as () => z.ZodType)(), path, out, seen);
      return;
    default:
      return; // enum, literal, boolean, null, file, …: no free value
  }
}

describe('every call input is built from the shared field types', () => {
  it.each(allCalls.filter((c) => !c.raw || c.method === 'POST').map((c) => [c.id, c] as const))('%s', (_id, call) => {
    const out: string[] = [];
    problems(call.input, 'input', out);
    expect(out).toEqual([]);
  });
});

describe('every input field has a label in both languages', () => {
  const names = new Set<string>();
  const walk = (schema: z.ZodType, seen = new Set<unknown>()): void => {
    if (seen.has(schema)) return;
    seen.add(schema);
    const def = defOf(schema);
    if (def.type === 'object') for (const [k, v] of Object.entries(def.shape as Record<string, z.ZodType>)) { names.add(k); walk(v, seen); }
    for (const k of ['innerType', 'in', 'element', 'left', 'right', 'valueType'] as const) if (def[k]) walk(def[k] as z.ZodType, seen);
    if (Array.isArray(def.options)) (def.options as z.ZodType[]).forEach((o) => walk(o, seen));
    if (def.type === 'lazy') walk((def.getter as () => z.ZodType)(), seen);
  };
  for (const c of allCalls) walk(c.input);
  it.each(['zh-CN', 'en-US'])('%s', async (lang) => {
    const { readFile } = await import('node:fs/promises');
    const file = new URL(`../../../locales/${lang}/validation.json`, import.meta.url);
    const labels = (JSON.parse(await readFile(file, 'utf8')) as { fields: Record<string, string> }).fields;
    expect([...names].filter((n) => !labels[n])).toEqual([]);
  });
});
