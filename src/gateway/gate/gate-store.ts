import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { GateEventType, StatRow, StatUnit } from '../../shared/api/gate.ts';
import { addDays } from '../../shared/domain/borrowing/local-days.ts';
import type { Language } from '../../shared/domain/ui-constants.ts';
import { inList } from '../access/access-scope.ts';
import type { Database } from '../db/schema.ts';

type Db = Kysely<Database>;

/** Who reads: the school, the branches of the caller's scope (null = all), the language of names. */
export interface GateScope {
  schoolId: number;
  branchIds: readonly number[] | null;
  lang: Language;
  utcOffsetMinutes: number;
}

export interface GateFilters {
  DateFrom?: string;
  DateTo?: string;
  BranchID?: number;
  GateID?: number;
  Type?: GateEventType;
  IdentifiedOnly?: boolean;
  /** Export paging: rows with a smaller id only. */
  beforeId?: number;
}

// The filters every read shares, on gate_events aliased `e`.
function filtered<O>(q: SelectQueryBuilder<Database & { e: Database['gate_events'] }, 'e', O>, s: GateScope, f: GateFilters) {
  q = q.where('e.school_id', '=', s.schoolId);
  if (s.branchIds) q = q.where('e.branch_id', 'in', inList(s.branchIds));
  if (f.DateFrom) q = q.where('e.day', '>=', f.DateFrom);
  if (f.DateTo) q = q.where('e.day', '<=', f.DateTo);
  if (f.BranchID != null) q = q.where('e.branch_id', '=', f.BranchID);
  if (f.GateID != null) q = q.where('e.gate_id', '=', f.GateID);
  if (f.Type) q = q.where('e.kind', '=', f.Type);
  if (f.IdentifiedOnly) q = q.where('e.copy_id', 'is not', null);
  if (f.beforeId != null) q = q.where('e.id', '<', f.beforeId);
  return q;
}

const branchName = (lang: Language, name: string, en: string | null) => (lang === 'en-US' && en) || name;

export async function findEvents(db: Db, s: GateScope, f: GateFilters, page: number, rows: number, opts: { total?: boolean } = {}) {
  const base = filtered(db.selectFrom('gate_events as e'), s, f);
  const [list, total] = await Promise.all([
    base.innerJoin('gates as g', 'g.id', 'e.gate_id').innerJoin('branches as b', 'b.id', 'e.branch_id')
      .leftJoin('copies as c', 'c.id', 'e.copy_id')
      .select(['e.id', 'e.at', 'e.kind', 'e.count', 'e.barcode', 'c.barcode as copy_barcode', 'g.name as gate_name', 'b.name as branch_name', 'b.en_name as branch_en'])
      .orderBy('e.id', 'desc').limit(rows).offset((page - 1) * rows).execute(),
    opts.total === false ? Promise.resolve(0) : base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow().then((r) => Number(r.n)),
  ]);
  return {
    Total: total,
    List: list.map((r) => ({
      ID: r.id, At: r.at, GateName: r.gate_name, BranchName: branchName(s.lang, r.branch_name, r.branch_en),
      Type: r.kind, People: r.count, Barcode: r.copy_barcode ?? r.barcode ?? '',
    })),
  };
}

export async function findAlarms(db: Db, s: GateScope, f: GateFilters, page: number, rows: number, opts: { total?: boolean } = {}) {
  const base = filtered(db.selectFrom('gate_events as e'), s, { ...f, Type: 'alarm' });
  const [list, total] = await Promise.all([
    base.innerJoin('gates as g', 'g.id', 'e.gate_id').innerJoin('branches as b', 'b.id', 'e.branch_id')
      .leftJoin('copies as c', 'c.id', 'e.copy_id').leftJoin('titles as t', 't.id', 'c.title_id')
      .select(['e.id', 'e.at', 'e.direction', 'e.tag_uid', 'e.afi', 'e.barcode', 'e.on_loan', 'c.barcode as copy_barcode', 't.title', 'g.name as gate_name', 'b.name as branch_name', 'b.en_name as branch_en'])
      .orderBy('e.id', 'desc').limit(rows).offset((page - 1) * rows).execute(),
    opts.total === false ? Promise.resolve(0) : base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow().then((r) => Number(r.n)),
  ]);
  return {
    Total: total,
    List: list.map((r) => ({
      ID: r.id, At: r.at, GateName: r.gate_name, BranchName: branchName(s.lang, r.branch_name, r.branch_en),
      Direction: r.direction === 'in' || r.direction === 'out' ? (r.direction as 'in' | 'out') : ('unknown' as const), UID: r.tag_uid ?? '',
      AFI: r.afi == null ? '' : `0x${r.afi.toString(16).toUpperCase().padStart(2, '0')}`,
      // The copy's own barcode when the tag identified one; otherwise what the tag said.
      Barcode: r.copy_barcode ?? r.barcode ?? '', Title: r.title ?? '',
      OnLoan: r.on_loan == null ? ('unknown' as const) : r.on_loan ? ('yes' as const) : ('no' as const),
    })),
  };
}

/** Every period of the range, so the table and the chart show the quiet hours, days and months as 0. */
function periodsOf(unit: StatUnit, from: string, to: string): string[] {
  if (unit === 'hour') return Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:00`);
  const out: string[] = [];
  if (unit === 'day') for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  else {
    let [y, m] = from.slice(0, 7).split('-').map(Number) as [number, number];
    const last = to.slice(0, 7);
    for (;;) {
      const p = `${y}-${String(m).padStart(2, '0')}`;
      if (p > last) break;
      out.push(p);
      if (++m > 12) (m = 1), (y += 1);
    }
  }
  return out;
}

/** Entries, exits and alarms per hour of the day, per day or per month of [DateFrom, DateTo] (from gate_hours). */
export async function statistic(db: Db, s: GateScope, f: GateFilters & { DateFrom: string; DateTo: string }, unit: StatUnit): Promise<StatRow[]> {
  const period = unit === 'hour' ? sql<string>`h.hour` : unit === 'day' ? sql<string>`h.day` : sql<string>`substr(h.day, 1, 7)`;
  let q = db.selectFrom('gate_hours as h').where('h.school_id', '=', s.schoolId).where('h.day', '>=', f.DateFrom).where('h.day', '<=', f.DateTo);
  if (s.branchIds) q = q.where('h.branch_id', 'in', inList(s.branchIds));
  if (f.BranchID != null) q = q.where('h.branch_id', '=', f.BranchID);
  if (f.GateID != null) q = q.where('h.gate_id', '=', f.GateID);
  const rows = await q.select([
    period.as('p'),
    sql<number>`sum(h.n_in)`.as('n_in'),
    sql<number>`sum(h.n_out)`.as('n_out'),
    sql<number>`sum(h.n_alarm)`.as('n_alarm'),
  ]).groupBy(period).execute();
  const key = (p: unknown) => (unit === 'hour' ? `${String(Number(p)).padStart(2, '0')}:00` : String(p));
  const byPeriod = new Map(rows.map((r) => [key(r.p), r]));
  return periodsOf(unit, f.DateFrom, f.DateTo).map((p) => {
    const r = byPeriod.get(p);
    return { Period: p, In: Number(r?.n_in ?? 0), Out: Number(r?.n_out ?? 0), Alarms: Number(r?.n_alarm ?? 0) };
  });
}

/** Entries and exits of [from, to] (local days) in a school, optionally one branch. */
export async function inOut(db: Db, schoolId: number, from: string, to: string, branchId?: number): Promise<{ In: number; Out: number }> {
  let q = db.selectFrom('gate_hours').where('school_id', '=', schoolId).where('day', '>=', from).where('day', '<=', to);
  if (branchId != null) q = q.where('branch_id', '=', branchId);
  const r = await q.select([
    sql<number>`coalesce(sum(n_in), 0)`.as('n_in'),
    sql<number>`coalesce(sum(n_out), 0)`.as('n_out'),
  ]).executeTakeFirstOrThrow();
  return { In: Number(r.n_in), Out: Number(r.n_out) };
}
