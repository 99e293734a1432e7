import { sql } from 'kysely';
import type { Db } from '../catalogue/catalogue-store.ts';
import { STORAGE_AREAS } from '../../shared/domain/catalogue/copy-states.ts';

/** What narrows the copies and loans of a report. */
export interface StatFilter {
  schoolId: number;
  /** The period as UTC instants, end exclusive (local days of the school). */
  startUtc: string;
  endUtc: string;
  branchId?: number | undefined;
  resourceTypeId?: number | undefined;
  areaId?: number | undefined;
}

const GONE = [STORAGE_AREAS.weeded, STORAGE_AREAS.lost];

/**
 * The copies in the collection at `atUtc`: registered before it, and not weeded or lost by then.
 * A copy weeded or lost now counts only when its weeding or loss was recorded at or after `atUtc`
 * (copy_events); one weeded before, even in the middle of the period, is no longer held. From the
 * copies alone: a title's resource type or CLC class is looked up (EXISTS) only when asked, so
 * without them the copies' covering indexes (copies_school_created_ix, copies_school_title_ix,
 * migration 0042) answer without reading a row.
 */
export function heldCopyRows(db: Db, f: Omit<StatFilter, 'startUtc' | 'endUtc'>, atUtc: string, classCode?: string) {
  let q = db.selectFrom('copies as c')
    .where('c.school_id', '=', f.schoolId)
    .where('c.created_at', '<', atUtc)
    .where((e) => e.or([
      e('c.storage_area', 'not in', GONE),
      e.exists(e.selectFrom('copy_events as ev').select('ev.id').whereRef('ev.copy_id', '=', 'c.id')
        .where('ev.event', 'in', ['weed', 'markLost']).where('ev.at', '>=', atUtc)),
    ]));
  if (f.branchId != null) q = q.where('c.branch_id', '=', f.branchId);
  if (f.areaId != null) q = q.where('c.area_id', '=', f.areaId);
  if (f.resourceTypeId != null || classCode) {
    q = q.where((e) => e.exists(e.selectFrom('titles as t').select('t.id').whereRef('t.id', '=', 'c.title_id')
      .$if(f.resourceTypeId != null, (s) => s.where('t.resource_type_id', '=', f.resourceTypeId!))
      .$if(!!classCode, (s) => s.where(classLetter, '=', classCode!))));
  }
  return q;
}

/**
 * The held copies counted per title first (copies, value), reading copies_school_title_ix in
 * title order, so the count streams without a sort; each title is then joined once (t) for its
 * class or resource type, instead of once per copy. A group's titles are then its rows.
 */
export function heldPerTitle(db: Db, f: Omit<StatFilter, 'startUtc' | 'endUtc'>, atUtc: string) {
  const perTitle = heldCopyRows(db, { ...f, resourceTypeId: undefined }, atUtc)
    .select((e) => ['c.title_id', e.fn.countAll<number | string>().as('n'), e.fn.sum<number | string | null>('c.price').as('v')])
    .groupBy('c.title_id');
  return db.selectFrom(perTitle.as('x')).innerJoin('titles as t', 't.id', 'x.title_id')
    .$if(f.resourceTypeId != null, (q) => q.where('t.resource_type_id', '=', f.resourceTypeId!));
}

/** Loans made in the period, not undone (cancelled), counted per copy from the period index alone. */
export function periodCopyLoans(db: Db, f: StatFilter) {
  return db.selectFrom('loans as l').select((e) => ['l.copy_id', e.fn.countAll<number | string>().as('n')])
    .where('l.school_id', '=', f.schoolId).where('l.loaned_at', '>=', f.startUtc).where('l.loaned_at', '<', f.endUtc).where('l.cancelled', '=', 0)
    .groupBy('l.copy_id');
}

/** The first letter of a title's class number, upper case: the CLC main class. */
export const classLetter = sql<string>`upper(substr(t.class_no, 1, 1))`;
