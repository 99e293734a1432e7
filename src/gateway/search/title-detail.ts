import type { Db } from '../catalogue/catalogue-store.ts';
import type { PublicCopy, TitleDetail } from '../../shared/api/search.ts';
import { clcPath } from '../../shared/domain/catalogue/clc-classes.ts';
import { publicCopyState, STORAGE_AREAS } from '../../shared/domain/catalogue/copy-states.ts';
import { toLocalDay } from '../../shared/domain/borrowing/local-days.ts';
import { hyphenateIsbn } from '../catalogue/isbn-hyphenation.ts';
import { publicTitles } from './public-titles.ts';
import { visibleType } from './hidden-types.ts';

/** A title has at most this many copies listed (a class set of 500 textbooks is one title). */
const MAX_COPIES = 500;

/**
 * One title as a reader sees it, with each copy's place (branch, collection area, and the shelf
 * position its shelf mark names in the basic sets) and public state; a copy out on loan says the
 * school-local day it is due back (by the school's UTC offset). Never a price, a tag or who has it.
 */
export async function titleDetail(db: Db, schoolId: number, id: number, utcOffsetMinutes: number, hiddenTypes: readonly number[] = []): Promise<TitleDetail | null> {
  // A title of a type the school keeps out of the portal is not there, whoever links to it.
  const title = await db.selectFrom('titles').select(['id', 'isbn', 'class_no', 'place', 'edition', 'extent', 'summary', 'subjects'])
    .where('school_id', '=', schoolId).where('id', '=', id).where(visibleType('resource_type_id', hiddenTypes)).executeTakeFirst();
  if (!title) return null;
  const [[row], copies] = await Promise.all([
    publicTitles(db, schoolId, [id]),
    db.selectFrom('copies as c')
      .innerJoin('branches as b', 'b.id', 'c.branch_id')
      .leftJoin('collection_areas as a', 'a.id', 'c.area_id')
      .leftJoin('shelf_positions as sp', (j) => j.onRef('sp.school_id', '=', 'c.school_id').onRef('sp.code', '=', 'c.shelf_mark').on('c.shelf_mark', '<>', ''))
      .leftJoin('shelves as s', 's.id', 'sp.shelf_id')
      .leftJoin('loans as l', (j) => j.onRef('l.copy_id', '=', 'c.id').on('l.returned_at', 'is', null))
      .select([
        'c.id', 'c.barcode', 'c.call_no', 'c.branch_id', 'c.area_id', 'b.name as branch_name', 'b.en_name as branch_en_name', 'a.name as area_name', 'a.en_name as area_en_name',
        'c.shelf_mark', 'c.storage_area', 'c.circ_state', 'sp.shelf_id', 's.name as shelf_name', 'sp.face', 'sp.layer', 'sp.col', 'l.due_at',
      ])
      .where('c.school_id', '=', schoolId).where('c.title_id', '=', id).where('c.storage_area', '<>', STORAGE_AREAS.weeded)
      .orderBy('b.sort').orderBy('c.branch_id').orderBy('c.barcode').limit(MAX_COPIES).execute(),
  ]);
  if (!row) return null;
  return {
    ...row,
    ISBNHyphenated: title.isbn ? hyphenateIsbn(title.isbn) : '',
    Place: title.place, Edition: title.edition, Extent: title.extent, Summary: title.summary, Subjects: title.subjects,
    ClassPath: clcPath(title.class_no).map((c) => ({ Code: c.code, Name: c.zh, EnName: c.en })),
    CopiesList: copies.map((c): PublicCopy => {
      const state = publicCopyState(c.storage_area, c.circ_state);
      return {
        ID: c.id, Barcode: c.barcode, CallNo: c.call_no, BranchID: c.branch_id, BranchName: c.branch_name, BranchEnName: c.branch_en_name || c.branch_name,
        AreaID: c.area_id ?? null, AreaName: c.area_name ?? '', AreaEnName: c.area_en_name || c.area_name || '', ShelfMark: c.shelf_mark,
        ShelfID: c.shelf_id ?? null, ShelfName: c.shelf_name ?? '', Face: c.face ?? null, Layer: c.layer ?? null, Column: c.col ?? null,
        State: state, DueDate: state === 'onLoan' && c.due_at ? dueDay(c.due_at, utcOffsetMinutes) : null,
      };
    }),
  };
}

/** The local day of a due instant; a stored value the day functions refuse is shown as no date rather than failing the page. */
function dueDay(dueAt: string, offset: number): string | null {
  try {
    return toLocalDay(dueAt, offset);
  } catch {
    return null;
  }
}
