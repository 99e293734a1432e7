import { sql } from 'kysely';
import type { Db } from '../catalogue/catalogue-store.ts';
import { STORAGE_AREAS } from '../../shared/domain/catalogue/copy-states.ts';
import { CLC_MAIN_CLASSES } from '../../shared/domain/catalogue/clc-classes.ts';
import type { Language } from '../../shared/domain/ui-constants.ts';
import { periodLoans, withRanks, type RankFilter } from './rank-store.ts';

/** What narrows the holdings: the school, a branch, a resource type and the caller's branch scope. */
export interface HoldingFilter {
  schoolId: number;
  branchId?: number | undefined;
  resourceTypeId?: number | undefined;
  branchIds?: readonly number[] | null | undefined;
}

/** Weeded and lost copies are no longer held (they stay in the catalogue for the registers). */
const GONE = [STORAGE_AREAS.weeded, STORAGE_AREAS.lost];

interface AreaRow { AreaID: number; Name: string; EnName: string; BranchName: string }

/** The school's collection areas within the filter, in branch and area order; AreaID 0 stands for copies without one. */
async function areasOf(db: Db, f: HoldingFilter, lang: Language, noArea: string): Promise<AreaRow[]> {
  let q = db.selectFrom('collection_areas as a').innerJoin('branches as b', 'b.id', 'a.branch_id')
    .select(['a.id', 'a.name', 'a.en_name', 'b.name as branch', 'b.en_name as branch_en'])
    .where('a.school_id', '=', f.schoolId);
  if (f.branchId != null) q = q.where('a.branch_id', '=', f.branchId);
  if (f.branchIds) q = q.where('a.branch_id', 'in', f.branchIds.length ? [...f.branchIds] : [-1]);
  const en = lang === 'en-US';
  const rows = await q.orderBy('b.sort').orderBy('b.id').orderBy('a.sort').orderBy('a.id').execute();
  return [
    ...rows.map((r) => ({ AreaID: r.id, Name: r.name, EnName: r.en_name || r.name, BranchName: (en && r.branch_en) || r.branch })),
    { AreaID: 0, Name: noArea, EnName: noArea, BranchName: '' },
  ];
}

/**
 * Copies held now per area (area id, 0 for none). Counted per area and title first, as
 * copies_school_area_ix (migration 0042: school, area, title, state, …, price) is read, so the
 * distinct titles need no sort; the copies on loan, a few, are counted apart from the state index
 * (the unary plus keeps SQLite from walking the area index for the grouping instead).
 */
async function holdings(db: Db, f: HoldingFilter) {
  let q = db.selectFrom('copies as c').where('c.school_id', '=', f.schoolId).where('c.storage_area', 'not in', GONE);
  if (f.branchId != null) q = q.where('c.branch_id', '=', f.branchId);
  if (f.branchIds) q = q.where('c.branch_id', 'in', f.branchIds.length ? [...f.branchIds] : [-1]);
  if (f.resourceTypeId != null) q = q.where((e) => e.exists(e.selectFrom('titles as t').select('t.id').whereRef('t.id', '=', 'c.title_id').where('t.resource_type_id', '=', f.resourceTypeId!)));
  const perTitle = q.select((e) => ['c.area_id', 'c.title_id', e.fn.countAll<number | string>().as('n'), e.fn.sum<number | string>('c.price').as('v')]).groupBy(['c.area_id', 'c.title_id']);
  const area = sql<number | null>`+c.area_id`;
  const [rows, lent] = await Promise.all([
    db.selectFrom(perTitle.as('x')).select((e) => [
      'x.area_id', e.fn.sum<number | string>('x.n').as('copies'), e.fn.countAll<number | string>().as('titles'), e.fn.sum<number | string>('x.v').as('value'),
    ]).groupBy('x.area_id').execute(),
    q.where('c.circ_state', '=', 'borrowed').select((e) => [area.as('area_id'), e.fn.countAll<number | string>().as('n')]).groupBy(area).execute(),
  ]);
  const onLoan = new Map(lent.map((r) => [r.area_id ?? 0, Number(r.n)]));
  return new Map(rows.map((r) => [r.area_id ?? 0, { copies: Number(r.copies), titles: Number(r.titles), onLoan: onLoan.get(r.area_id ?? 0) ?? 0, value: Math.round(Number(r.value ?? 0) * 100) / 100 }]));
}

/** Holdings per collection area now; every area is listed (an empty one with zeros), the copies without an area last when there are any. */
export async function locationItems(db: Db, f: HoldingFilter, lang: Language, noArea: string) {
  const [areas, held] = await Promise.all([areasOf(db, f, lang, noArea), holdings(db, f)]);
  return areas
    .filter((a) => a.AreaID !== 0 || held.has(0))
    .map((a) => {
      const h = held.get(a.AreaID);
      return { ...a, Titles: h?.titles ?? 0, Copies: h?.copies ?? 0, OnLoan: h?.onLoan ?? 0, Value: h?.value ?? 0 };
    });
}

/**
 * Loans of the period per collection area of the copy lent (where it is shelved now: areas are
 * rarely changed, and a copy's loans follow it when it is moved), beside the copies held there
 * and their turnover (loans per copy, two decimals), most loans first.
 */
export async function locationCirc(db: Db, f: RankFilter, lang: Language, noArea: string) {
  const hf: HoldingFilter = { schoolId: f.schoolId, branchId: f.branchId, resourceTypeId: f.resourceTypeId, branchIds: f.branchIds };
  const [areas, held, lent] = await Promise.all([
    areasOf(db, hf, lang, noArea),
    holdings(db, hf),
    db.selectFrom(periodLoans(db, f).select((e) => ['l.copy_id', e.fn.countAll<number | string>().as('n')]).groupBy('l.copy_id').as('x'))
      .innerJoin('copies as c', 'c.id', 'x.copy_id')
      .select((e) => ['c.area_id', e.fn.sum<number | string>('x.n').as('n')]).groupBy('c.area_id').execute(),
  ]);
  const loansOf = new Map(lent.map((r) => [r.area_id ?? 0, Number(r.n)]));
  const rows = areas
    .filter((a) => a.AreaID !== 0 || held.has(0) || loansOf.has(0))
    .map((a, order) => {
      const Loans = loansOf.get(a.AreaID) ?? 0;
      const Copies = held.get(a.AreaID)?.copies ?? 0;
      return { ...a, Loans, Copies, Turnover: Copies ? Math.round((Loans / Copies) * 100) / 100 : 0, order };
    });
  // Stable: equal loans keep the branch and area order.
  return rows.sort((a, b) => b.Loans - a.Loans || a.order - b.order).map(({ order: _o, ...r }) => r);
}

/** Loans of the period by CLC main class (the first letter of the title's class number; '' unclassified), most first. */
export async function clcRank(db: Db, f: RankFilter, lang: Language, unclassified: string) {
  const letter = sql<string>`upper(substr(t.class_no, 1, 1))`;
  const rows = await db.selectFrom(periodLoans(db, f).select((e) => ['l.copy_id', e.fn.countAll<number | string>().as('n')]).groupBy('l.copy_id').as('x'))
    .innerJoin('copies as c', 'c.id', 'x.copy_id').innerJoin('titles as t', 't.id', 'c.title_id')
    .select((e) => [letter.as('code'), e.fn.sum<number | string>('x.n').as('n'), e.fn.count<number | string>('c.title_id').distinct().as('titles')])
    .groupBy(letter).execute();
  const en = lang === 'en-US';
  const names = new Map(CLC_MAIN_CLASSES.map((c) => [c.code, en ? c.en : c.zh]));
  // A class number that starts with no known main class counts as unclassified.
  const merged = new Map<string, { loans: number; titles: number }>();
  for (const r of rows) {
    const code = names.has(r.code) ? r.code : '';
    const m = merged.get(code) ?? { loans: 0, titles: 0 };
    merged.set(code, { loans: m.loans + Number(r.n), titles: m.titles + Number(r.titles) });
  }
  const total = [...merged.values()].reduce((s, m) => s + m.loans, 0);
  const list = [...merged.entries()]
    .map(([code, m]) => ({ ClassCode: code, Name: code ? names.get(code)! : unclassified, Loans: m.loans, Titles: m.titles, Share: total ? Math.round((m.loans / total) * 1000) / 10 : 0 }))
    .sort((a, b) => b.Loans - a.Loans || (a.ClassCode || '~').localeCompare(b.ClassCode || '~'));
  return { TotalLoans: total, List: withRanks(list, (r) => r.Loans) };
}
