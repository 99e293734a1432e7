import { sql } from 'kysely';
import type { Db } from '../catalogue/catalogue-store.ts';
import type { ClassNode, LibraryFigures, RecommendedTitle } from '../../shared/api/search.ts';
import { CLC_CLASSES, CLC_MAIN_CLASSES, type ClcClass } from '../../shared/domain/catalogue/clc-classes.ts';
import { LENDING_AREAS, STORAGE_AREAS } from '../../shared/domain/catalogue/copy-states.ts';
import { toLocalDay } from '../../shared/domain/borrowing/local-days.ts';
import { utcOffsetOf } from '../borrow-rules/borrow-rule-store.ts';
import { publicTitles } from './public-titles.ts';
import { visibleType } from './hidden-types.ts';
import { startsWith } from './title-index.ts';

/** The portal's and kiosk's other reads: the library's figures, the CLC tree with counts, hot and new titles. */

const WEEDED = STORAGE_AREAS.weeded;

/** The UTC instant a school-local day starts. */
function dayStart(day: string, utcOffsetMinutes: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - utcOffsetMinutes * 60_000).toISOString();
}

const count = async (q: Promise<{ n: number | string | bigint } | undefined>) => Number((await q)?.n ?? 0);

/**
 * The figures are counted at most once a minute per school: they take a pass over every copy
 * (about 120 ms on the 200,000-copy fixture) and are asked by every visitor of the portal's and
 * the kiosk's start pages, anonymous ones too.
 */
const FIGURES_MAX_AGE_MS = 60_000;
const figuresCache = new WeakMap<object, Map<number, { at: number; value: Promise<LibraryFigures> }>>();

export function cachedLibraryFigures(db: Db, schoolId: number, now = Date.now()): Promise<LibraryFigures> {
  let bySchool = figuresCache.get(db);
  if (!bySchool) figuresCache.set(db, (bySchool = new Map()));
  const hit = bySchool.get(schoolId);
  if (hit && now - hit.at < FIGURES_MAX_AGE_MS) return hit.value;
  const entry = { at: now, value: libraryFigures(db, schoolId, new Date(now)) };
  bySchool.set(schoolId, entry);
  // A failed count is not kept.
  entry.value.catch(() => bySchool.get(schoolId) === entry && bySchool.delete(schoolId));
  return entry.value;
}

/** Figures of the library, by the school's own calendar (its UTC offset): today, this month and this year start at its midnight. */
export async function libraryFigures(db: Db, schoolId: number, now = new Date()): Promise<LibraryFigures> {
  const offset = await utcOffsetOf(db, schoolId);
  const day = toLocalDay(now.toISOString(), offset);
  const loansFrom = (from: string) => count(db.selectFrom('loans').select((e) => e.fn.countAll().as('n'))
    .where('school_id', '=', schoolId).where('loaned_at', '>=', dayStart(from, offset)).where('cancelled', '=', 0).executeTakeFirst());
  const copies = () => db.selectFrom('copies').select((e) => e.fn.countAll().as('n')).where('school_id', '=', schoolId);
  const [titles, copyCount, available, readers, today, month, year, newTitles] = await Promise.all([
    count(db.selectFrom('titles').select((e) => e.fn.countAll().as('n')).where('school_id', '=', schoolId).executeTakeFirst()),
    count(copies().where('storage_area', '<>', WEEDED).executeTakeFirst()),
    count(copies().where('circ_state', '=', 'available').where('storage_area', 'in', [...LENDING_AREAS]).executeTakeFirst()),
    count(db.selectFrom('users').select((e) => e.fn.countAll().as('n')).where('school_id', '=', schoolId).where('status', '=', 'active').executeTakeFirst()),
    loansFrom(day),
    loansFrom(`${day.slice(0, 8)}01`),
    loansFrom(`${day.slice(0, 4)}-01-01`),
    count(db.selectFrom('titles').select((e) => e.fn.countAll().as('n')).where('school_id', '=', schoolId).where('created_at', '>=', dayStart(`${day.slice(0, 8)}01`, offset)).executeTakeFirst()),
  ]);
  return { Titles: titles, Copies: copyCount, AvailableCopies: available, Readers: readers, LoansToday: today, LoansThisMonth: month, LoansThisYear: year, NewTitlesThisMonth: newTitles, Day: day };
}

/** The classes directly under `parent` in the CLC table (A49 is under A4, TP under T); '' = the 22 main classes. */
function childrenOf(parent: string): ClcClass[] {
  if (!parent) return [...CLC_MAIN_CLASSES];
  const below = CLC_CLASSES.filter((c) => c.code !== parent && c.code.startsWith(parent));
  return below.filter((c) => !below.some((d) => d !== c && c.code.startsWith(d.code)));
}

/** One level of the CLC tree with how many of the school's titles each class holds (an index range count each). */
export async function classTree(db: Db, schoolId: number, parentCode: string, hiddenTypes: readonly number[] = []): Promise<ClassNode[]> {
  const parent = parentCode.trim().toUpperCase();
  const children = childrenOf(parent);
  const counts = await Promise.all(children.map((c) => count(db.selectFrom('titles').select((e) => e.fn.countAll().as('n'))
    .where('school_id', '=', schoolId).where(startsWith('class_no', c.code)).where(visibleType('resource_type_id', hiddenTypes)).executeTakeFirst())));
  return children.map((c, i) => ({
    Code: c.code, Name: c.zh, EnName: c.en, Titles: counts[i]!, HasChildren: CLC_CLASSES.some((d) => d.code !== c.code && d.code.startsWith(c.code)),
  }));
}

/**
 * New titles are found among the newest copies: a title is new when its first copy (the lowest
 * id not weeded) is among the NEW_WINDOW most recently catalogued copies. Bounded so that a rare
 * class does not walk the whole collection.
 */
const NEW_WINDOW = 20_000;

/**
 * Hot titles (most loans in the last `days` days) or new ones (the most recently catalogued
 * first copies), optionally under a CLC class, each with its loans in the window and when its
 * first copy was catalogued.
 */
export async function recommended(
  db: Db, schoolId: number,
  o: { kind: 'hot' | 'new'; days: number; rows: number; classNo?: string | undefined; hiddenTypes?: readonly number[] },
  now = new Date(),
): Promise<RecommendedTitle[]> {
  const hidden = o.hiddenTypes ?? [];
  const inClass = o.classNo || hidden.length
    ? sql`and c.title_id in (select id from titles where school_id = ${schoolId}
        and ${o.classNo ? startsWith('class_no', o.classNo.toUpperCase()) : sql`1 = 1`} and ${visibleType('resource_type_id', hidden)})`
    : sql``;
  let picked: Array<{ title_id: number; n: number }>;
  if (o.kind === 'hot') {
    const since = new Date(now.getTime() - o.days * 86_400_000).toISOString();
    const r = await sql<{ title_id: number; n: number | string }>`select c.title_id, count(*) as n from loans l cross join copies c
      where l.school_id = ${schoolId} and l.loaned_at >= ${since} and l.cancelled = 0 and c.id = l.copy_id ${inClass}
      group by c.title_id order by count(*) desc, c.title_id desc limit ${sql.lit(o.rows)}`.execute(db);
    picked = r.rows.map((x) => ({ title_id: Number(x.title_id), n: Number(x.n) }));
  } else {
    // Newest copies first (ids are given in cataloguing order), each kept when no older copy of
    // its title is: the scan stops at the `rows`th, and never goes below the window's floor.
    // "+school_id" keeps SQLite walking the table backwards by id (1 ms) instead of reading the
    // school's whole (school, area) index and sorting it (160 ms on 200,000 copies).
    const floor = sql`coalesce((select id from copies where +school_id = ${schoolId} order by id desc limit 1 offset ${sql.lit(NEW_WINDOW)}), 0)`;
    const r = await sql<{ title_id: number }>`select c.title_id from copies c
      where +c.school_id = ${schoolId} and c.id > ${floor} and c.storage_area <> ${WEEDED}
        and not exists (select 1 from copies o where o.title_id = c.title_id and o.id < c.id and o.storage_area <> ${WEEDED}) ${inClass}
      order by c.id desc limit ${sql.lit(o.rows)}`.execute(db);
    picked = r.rows.map((x) => ({ title_id: Number(x.title_id), n: 0 }));
  }
  const ids = picked.map((p) => p.title_id);
  if (!ids.length) return [];
  const [titles, added] = await Promise.all([
    publicTitles(db, schoolId, ids),
    db.selectFrom('copies').select((e) => ['title_id', e.fn.min<string>('created_at').as('at')]).where('title_id', 'in', ids).where('storage_area', '<>', WEEDED).groupBy('title_id').execute(),
  ]);
  const loans = new Map(picked.map((p) => [p.title_id, p.n]));
  const at = new Map(added.map((a) => [a.title_id, a.at]));
  return titles.map((t) => ({ ...t, Loans: loans.get(t.ID) ?? 0, AddedAt: at.get(t.ID) ?? '' }));
}
