import type { CatalogueQuery, ComplexQuery } from '../../../shared/api/search.ts';
import { SEARCH_FIELDS, SEARCH_SORTS, type SearchField } from '../../../shared/domain/search/search-options.ts';

/**
 * A search lives in the address (#/search?q=…&class=I&page=2), so results can be linked, shared
 * by QR code, reloaded and walked back with the browser's Back button. Unknown or malformed
 * parameters are dropped, never sent: the gateway would only refuse them.
 */
export interface Filters {
  Language?: string;
  ClassNo?: string;
  BranchID?: number;
  ResourceTypeID?: number;
  AvailableOnly?: boolean;
  Sort?: (typeof SEARCH_SORTS)[number];
}

export const PAGE_ROWS = 20;

function positiveInt(v: string | null): number | undefined {
  if (v == null || !/^\d{1,9}$/.test(v)) return undefined;
  const n = Number(v);
  return n >= 1 ? n : undefined;
}

export function readFilters(p: URLSearchParams): Filters {
  const f: Filters = {};
  const lang = p.get('lang');
  if (lang && /^[a-z]{1,8}$/.test(lang)) f.Language = lang;
  const cls = p.get('class');
  if (cls && /^[A-Za-z0-9.\-=()/:]{1,40}$/.test(cls)) f.ClassNo = cls;
  const branch = positiveInt(p.get('branch'));
  if (branch) f.BranchID = branch;
  const type = positiveInt(p.get('type'));
  if (type) f.ResourceTypeID = type;
  if (p.get('avail') === '1') f.AvailableOnly = true;
  const sort = p.get('sort');
  if (sort && (SEARCH_SORTS as readonly string[]).includes(sort)) f.Sort = sort as Filters['Sort'];
  return f;
}

export function readPage(p: URLSearchParams): number {
  return Math.min(positiveInt(p.get('page')) ?? 1, 100_000);
}

/** The address parameters of the facets, cleared together by "clear filters". */
export const FILTER_PARAMS = { lang: null, class: null, branch: null, type: null, avail: null } as const;

/** Words typed or a filter chosen (a sort order alone is not a search). */
export function isSearching(p: URLSearchParams): boolean {
  return (p.get('q') ?? '') !== '' || Object.keys(readFilters(p)).some((k) => k !== 'Sort');
}

export function readCatalogueQuery(p: URLSearchParams): CatalogueQuery {
  const field = p.get('field');
  return {
    SearchKey: (p.get('q') ?? '').slice(0, 200),
    Field: field && (SEARCH_FIELDS as readonly string[]).includes(field) ? (field as SearchField) : undefined,
    Page: readPage(p),
    Rows: PAGE_ROWS,
    ...readFilters(p),
  };
}

/** The address parameters after changing some; page goes back to 1 unless it is what changed. */
export function withParams(p: URLSearchParams, changes: Record<string, string | number | boolean | null | undefined>): URLSearchParams {
  const next = new URLSearchParams(p);
  for (const [k, v] of Object.entries(changes)) {
    if (v == null || v === '' || v === false) next.delete(k);
    else next.set(k, v === true ? '1' : String(v));
  }
  if (!('page' in changes)) next.delete('page');
  return next;
}

export type Condition = ComplexQuery['Conditions'][number];

/** Advanced conditions in one parameter: op:field:value joined by newlines, values URI-encoded. */
export function writeConditions(cs: readonly Condition[]): string {
  return cs.map((c) => `${c.Op}:${c.Field}:${encodeURIComponent(c.Value)}`).join('\n');
}

export function readConditions(raw: string | null): Condition[] {
  if (!raw) return [];
  const out: Condition[] = [];
  for (const line of raw.split('\n').slice(0, 8)) {
    const m = /^(and|or|not):([A-Za-z]+):(.*)$/.exec(line);
    if (!m || !(SEARCH_FIELDS as readonly string[]).includes(m[2]!)) continue;
    let value: string;
    try {
      value = decodeURIComponent(m[3]!);
    } catch {
      continue;
    }
    if (value.trim()) out.push({ Op: m[1] as Condition['Op'], Field: m[2] as SearchField, Value: value.slice(0, 200) });
  }
  return out;
}

export function readComplexQuery(p: URLSearchParams): ComplexQuery | null {
  const Conditions = readConditions(p.get('adv'));
  if (!Conditions.length) return null;
  const from = positiveInt(p.get('from'));
  const to = positiveInt(p.get('to'));
  return {
    Conditions,
    YearFrom: from && from >= 1000 && from <= 2199 ? from : undefined,
    YearTo: to && to >= 1000 && to <= 2199 ? to : undefined,
    Page: readPage(p),
    Rows: PAGE_ROWS,
    ...readFilters(p),
  };
}
