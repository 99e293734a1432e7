import type { z } from 'zod';
import { fieldSpecs, type FieldSpec } from '../fields/field-spec.ts';

/**
 * List state in the URL (FOLIO SearchAndSortQuery): `#/path?SearchKey=ba&State=1&Page=2`.
 * Params are typed back from the list-query schema and parsed with safeParse; a bad value is
 * dropped (its default applies) instead of breaking the screen.
 */
function fromParam(spec: FieldSpec | undefined, raw: string): unknown {
  if (!spec) return raw;
  if (spec.widget === 'number' || (spec.widget === 'select' && spec.numeric)) return Number(raw);
  // Reference ids are usually numbers; parseQuery falls back to the text when the schema wants a string.
  if (spec.widget === 'ref' && /^\d+$/.test(raw)) return Number(raw);
  if (spec.widget === 'switch') return raw === 'true';
  return raw;
}

export function parseQuery(schema: z.ZodObject, params: URLSearchParams): Record<string, unknown> {
  const specs = new Map(fieldSpecs(schema).map((s) => [s.name, s]));
  const candidate: Record<string, unknown> = {};
  for (const [name, spec] of specs) {
    if (spec.widget === 'multiselect') {
      const all = params.getAll(name);
      if (all.length) candidate[name] = all.map((v) => (spec.numeric ? Number(v) : v));
    } else {
      const v = params.get(name);
      if (v == null || v === '') continue;
      const typed = fromParam(spec, v);
      const field = schema.shape[name] as z.ZodType;
      candidate[name] = typed !== v && !field.safeParse(typed).success ? v : typed;
    }
  }
  for (let i = 0; i <= specs.size; i++) {
    const r = schema.safeParse(candidate);
    if (r.success) return r.data as Record<string, unknown>;
    const bad = new Set(r.error.issues.map((iss) => String(iss.path[0])));
    if (![...bad].some((k) => k in candidate)) break;
    for (const k of bad) delete candidate[k];
  }
  const fallback = schema.safeParse({});
  return fallback.success ? (fallback.data as Record<string, unknown>) : {};
}

/** The query as URL params, leaving out empty values and schema defaults (Page=1 ...) for short links. */
export function toParams(schema: z.ZodObject, query: Record<string, unknown>): URLSearchParams {
  const defaults = parseQuery(schema, new URLSearchParams());
  const out = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v == null || v === '' || (Array.isArray(v) && v.length === 0)) continue;
    if (JSON.stringify(defaults[k]) === JSON.stringify(v)) continue;
    if (Array.isArray(v)) for (const x of v) out.append(k, String(x));
    else out.set(k, String(v));
  }
  return out;
}
