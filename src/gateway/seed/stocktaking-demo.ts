import type { Row, Tables } from './demo-data.ts';

const SHELVED = [1, 2, 4, 5, 8, 9];
const EXPECTED_CIRC = ['available', 'locked', 'reserving'];

/**
 * A demo stocktake for the first school, so /book-inventory and /inventory-report show something
 * out of the box: the smallest collection area of the main branch, started two days ago by the
 * librarian and paused for the night, most of its shelf scanned, a few copies found on the wrong
 * shelf area, one on loan scanned by mistake, and one unknown label. Deterministic (by copy id).
 */
export function addDemoStocktake(tables: Tables, now: Date): void {
  const copies = (tables.get('copies') ?? []) as Row[];
  const areas = ((tables.get('collection_areas') ?? []) as Row[]).filter((a) => a.school_id === 1);
  const librarian = ((tables.get('users') ?? []) as Row[]).find((u) => u.account === 'librarian');
  if (!areas.length || !librarian) return;
  const perArea = new Map<number, Row[]>();
  for (const c of copies) {
    if (c.school_id === 1 && c.area_id != null) perArea.set(c.area_id as number, [...(perArea.get(c.area_id as number) ?? []), c]);
  }
  const mainBranch = areas[0]!.branch_id;
  const ranked = areas.filter((a) => a.branch_id === mainBranch && (perArea.get(a.id as number)?.length ?? 0) > 0)
    .sort((a, b) => perArea.get(a.id as number)!.length - perArea.get(b.id as number)!.length);
  const area = ranked[0];
  if (!area) return;
  const other = areas.find((a) => a.id !== area.id && a.branch_id === mainBranch);
  const areaId = area.id as number;
  const librarianId = librarian.id as number;
  const started = new Date(now.getTime() - 2 * 86_400_000).toISOString();
  const scannedAt = (i: number) => new Date(now.getTime() - 2 * 86_400_000 + 3_600_000 + i * 20_000).toISOString();
  const put = (table: string, row: Row) => {
    const list = tables.get(table) ?? [];
    tables.set(table, list);
    list.push(row);
  };
  put('stocktakes', {
    id: 1, school_id: 1, name: '春季学期盘点（演示）', state: 'paused', started_at: started, started_by: librarianId, updated_at: scannedAt(400),
    closed_at: null, closed_by: null, marked: 0, undone: 0,
  });
  put('stocktake_areas', { stocktake_id: 1, school_id: 1, area_id: areaId });
  let itemId = 0;
  let i = 0;
  for (const c of perArea.get(area.id as number)!) {
    const expected = SHELVED.includes(c.storage_area as number) && EXPECTED_CIRC.includes(c.circ_state as string);
    const id = c.id as number;
    const seen = expected ? id % 9 !== 0 : id % 4 === 0 && c.circ_state === 'borrowed';
    const kind = !seen ? null : !expected ? 'notExpected' : id % 17 === 0 ? 'misplaced' : 'found';
    if (!expected && !seen) continue;
    put('stocktake_items', {
      id: ++itemId, school_id: 1, stocktake_id: 1, copy_id: id, expected: expected ? 1 : 0, home_area_id: areaId,
      kind, reason: kind === 'notExpected' ? 'borrowed' : null, found_at: seen ? scannedAt(i++) : null, found_by: seen ? librarianId : null,
      found_area_id: kind === 'misplaced' ? ((other?.id as number | undefined) ?? areaId) : seen ? areaId : null, found_shelf_id: null, marked: 0, prev_storage: null, prev_circ: null,
    });
  }
  put('stocktake_unknown', { id: 1, school_id: 1, stocktake_id: 1, code: 'X0000123', area_id: areaId, at: scannedAt(i), by_user: librarianId });
}
