import { CLC_MAIN_CLASSES } from '../../shared/domain/catalogue/clc-classes.ts';
import { storageAreaName } from '../../shared/domain/catalogue/copy-states.ts';
import type { Language } from '../../shared/domain/ui-constants.ts';
import type { Db } from '../catalogue/catalogue-store.ts';

/** A group key's display name and its place in the school's order. */
export interface Named {
  name: string;
  order: number;
}
export type NameMap = Map<string, Named>;
export type T = (key: string) => string;

const pick = (lang: Language, zh: string, en: string | null | undefined) => (lang === 'en-US' && en) || zh;
const NS = 'statistical-query';

/**
 * Names of the things a dimension or column shows by id or code, in the caller's language and
 * the school's order: departments (tree order: grade before its classes), branches, areas,
 * resource types, batches; words for codes (identity, state, status).
 */
export async function nameMap(db: Db, schoolId: number, kind: 'dept' | 'branch' | 'area' | 'resourceType' | 'batch' | 'clc' | 'state' | 'circState' | 'identity' | 'status', lang: Language, t: T): Promise<NameMap> {
  const out: NameMap = new Map();
  const put = (key: string | number, name: string) => out.set(String(key), { name, order: out.size });
  switch (kind) {
    case 'dept': {
      const rows = await db.selectFrom('departments as d').leftJoin('departments as p', 'p.id', 'd.parent_id')
        .select(['d.id', 'd.name', 'd.en_name', 'd.sort', 'p.sort as psort']).where('d.school_id', '=', schoolId).execute();
      rows.sort((a, b) => (a.psort ?? -1) - (b.psort ?? -1) || a.sort - b.sort || a.id - b.id).forEach((r) => put(r.id, pick(lang, r.name, r.en_name)));
      break;
    }
    case 'branch':
      (await db.selectFrom('branches').select(['id', 'name', 'en_name']).where('school_id', '=', schoolId).orderBy('sort').orderBy('id').execute()).forEach((r) => put(r.id, pick(lang, r.name, r.en_name)));
      break;
    case 'area':
      (await db.selectFrom('collection_areas').select(['id', 'name', 'en_name']).where('school_id', '=', schoolId).orderBy('branch_id').orderBy('sort').orderBy('id').execute()).forEach((r) => put(r.id, pick(lang, r.name, r.en_name)));
      break;
    case 'resourceType':
      (await db.selectFrom('resource_types').select(['id', 'name', 'en_name']).where('school_id', '=', schoolId).orderBy('sort').orderBy('id').execute()).forEach((r) => put(r.id, pick(lang, r.name, r.en_name)));
      break;
    case 'batch':
      (await db.selectFrom('batches').select(['id', 'batch_no']).where('school_id', '=', schoolId).orderBy('registered_on').orderBy('id').execute()).forEach((r) => put(r.id, r.batch_no));
      break;
    case 'clc':
      for (const c of CLC_MAIN_CLASSES) put(c.code, `${c.code} ${lang === 'en-US' ? c.en : c.zh}`);
      break;
    case 'state':
      for (const code of [1, 2, 4, 5, 8, 9, 3, 6]) put(code, t(`catalogue:storage.${storageAreaName(code)}`));
      break;
    default: {
      const values = kind === 'identity' ? ['student', 'teacher', 'parent', 'other'] : kind === 'status' ? ['active', 'disabled', 'lost', 'expired']
        : ['available', 'borrowed', 'lost', 'reserving', 'reserved', 'returned-not-received', 'locked'];
      for (const v of values) put(v, t(`${NS}:values.${kind}.${v}`));
    }
  }
  return out;
}

/** The name of a key (null or unknown: "none", last). */
export function nameOf(map: NameMap, key: unknown, t: T): Named {
  if (key == null || key === '') return { name: t(`${NS}:none`), order: Number.MAX_SAFE_INTEGER };
  return map.get(String(key)) ?? { name: String(key), order: Number.MAX_SAFE_INTEGER - 1 };
}
