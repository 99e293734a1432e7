import type { DatabaseSync } from 'node:sqlite';
import type { ValuePools } from './zod-arbitrary.ts';

/**
 * Values of existing rows for the contract fuzz, found by field name alone so a new call needs no
 * table of its own: a field's PascalCase name becomes a column name (BranchID → branch_id, ShelfIDs
 * → shelf_id, Urls → url, ReaderID → reader_id, SchoolCode → schools.code), and a bare `ID` goes
 * to the table the call's id names (basic.shelfPosition.delete → shelf_positions), else to the ids
 * of every table. Rows of every school are in, so cross-school ids are tried too.
 */

const PER_COLUMN = 60;

const snake = (s: string) => s.replace(/IDs$/, 'Ids').replace(/ID$/, 'Id').replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
const plurals = (w: string) => [w, `${w}s`, `${w}es`, w.replace(/f$/, 'ves'), w.replace(/y$/, 'ies')];
/** "basic.shelfPosition.delete" → ["basic", "shelf", "position", "delete"]. */
const hintWords = (hint: string) => hint.split(/[.\s]+/).flatMap((p) => p.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase().split(' ')).filter(Boolean);

function jsonElements(v: unknown): unknown[] {
  if (typeof v !== 'string' || !v.startsWith('[')) return [v];
  try {
    const parsed: unknown = JSON.parse(v);
    return Array.isArray(parsed) ? parsed : [v];
  } catch {
    return [v];
  }
}

export interface SeededPools extends ValuePools {
  /** Values the database cannot offer (an import token, a file's bytes) for fields of this name. */
  add(field: string, values: readonly unknown[]): void;
}

export function valuePoolsFrom(db: DatabaseSync): SeededPools {
  const tables = (db.prepare("SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'table' AND name NOT LIKE 'sqlite_%'").all() as Array<{ name: string }>).map((r) => r.name);
  /** table → column → values */
  const byTable = new Map<string, Map<string, unknown[]>>();
  for (const t of tables) {
    const cols = new Map<string, unknown[]>();
    for (const { name } of db.prepare('SELECT name FROM pragma_table_info(?)').all(t) as Array<{ name: string }>) {
      // Secrets and payloads are no one's input.
      if (/hash|payload|secret|before_state|after_state|summary|response/.test(name)) continue;
      const raw = (db.prepare(`SELECT DISTINCT "${name}" AS v FROM "${t}" WHERE "${name}" IS NOT NULL LIMIT ${PER_COLUMN}`).all() as Array<{ v: unknown }>).map((r) => r.v);
      // A JSON list in a column (roles.permissions) offers its elements: what a list field sends.
      const values = [...new Set(raw.flatMap(jsonElements))]
        .filter((v) => typeof v === 'number' || (typeof v === 'string' && v !== '' && v.length <= 200))
        .slice(0, PER_COLUMN * 4);
      if (values.length) cols.set(name, values);
    }
    byTable.set(t, cols);
  }
  const column = (name: string): unknown[] => [...byTable.values()].flatMap((cols) => cols.get(name) ?? []);
  const tableColumn = (table: string, col: string): unknown[] => {
    for (const p of plurals(table)) {
      const v = byTable.get(p)?.get(col);
      if (v) return v;
    }
    return [];
  };
  const allIds = column('id');
  const cache = new Map<string, readonly unknown[]>();
  const added = new Map<string, unknown[]>();

  function lookup(field: string, hint: string): readonly unknown[] {
    if (!field) return [];
    let name = snake(field);
    if (name === 'id' || name === 'ids') {
      // The most specific words of the call id first: bigrams ("shelf_position"), then words from the end.
      const w = hintWords(hint);
      const candidates = [...w.slice(1).map((x, i) => `${w[i]}_${x}`).reverse(), ...[...w].reverse()];
      for (const c of candidates) {
        const v = tableColumn(c, 'id');
        if (v.length) return v;
      }
      return allIds;
    }
    for (let attempt = 0; attempt < 2; attempt++) {
      const direct = column(name);
      if (direct.length) return direct;
      // school_code → schools.code, shelf_area_id → shelf_areas.id
      const parts = name.split('_');
      for (let i = parts.length - 1; i >= 1; i--) {
        const v = tableColumn(parts.slice(0, i).join('_'), parts.slice(i).join('_'));
        if (v.length) return v;
      }
      // admin_account → account (a user's account), head_teacher_id → teacher_id → id.
      for (let i = 1; i < parts.length; i++) {
        const v = column(parts.slice(i).join('_'));
        if (v.length) return v;
      }
      // Arrays: ShelfIDs → shelf_ids → shelf_id, Urls → url.
      if (!name.endsWith('s')) break;
      name = name.slice(0, -1);
    }
    return [];
  }

  return {
    forField(field, hint) {
      const key = `${field}|${hint}`;
      let v = cache.get(key);
      if (!v) cache.set(key, (v = [...(added.get(field) ?? []), ...lookup(field, hint)]));
      return v;
    },
    add(field, values) {
      added.set(field, [...(added.get(field) ?? []), ...values]);
      cache.clear();
    },
  };
}
