import type { ClassifyData, ClassifyRow } from '../../shared/api/statistics.ts';
import type { Db } from '../catalogue/catalogue-store.ts';
import { CLASSES, classOf, PARTS, partOf, STANDARD_SOURCE, standardFor, type PartCode } from './clc-standards.ts';
import { classLetter, heldPerTitle, periodCopyLoans, type StatFilter } from './holdings.ts';

type T = (key: string, params?: Record<string, string | number>) => string;
const pct = (n: number, of: number) => (of ? Math.round((n / of) * 1000) / 10 : 0);
const NONE = '-';

/**
 * The collection by CLC part or main class: copies and titles held at the end of the period,
 * loans made in it, each share of the whole, and the part's share beside the regulation's for the
 * school's learning stage; copies per active student beside the regulation's minimum.
 */
export async function classifyReport(db: Db, f: StatFilter, level: 'part5' | 'class22', t: T): Promise<ClassifyData> {
  const [held, loans, school, students] = await Promise.all([
    heldPerTitle(db, f, f.endUtc).select((e) => [classLetter.as('k'), e.fn.sum<number | string>('x.n').as('copies'), e.fn.countAll<number | string>().as('titles')])
      .groupBy(classLetter).execute(),
    // Per copy from the period index first; each lent copy (not each loan) is looked up for its class.
    db.selectFrom(periodCopyLoans(db, f).as('x')).innerJoin('copies as c', 'c.id', 'x.copy_id').innerJoin('titles as t', 't.id', 'c.title_id')
      .$if(f.branchId != null, (q) => q.where('c.branch_id', '=', f.branchId!))
      .$if(f.resourceTypeId != null, (q) => q.where('t.resource_type_id', '=', f.resourceTypeId!))
      .select((e) => [classLetter.as('k'), e.fn.sum<number | string>('x.n').as('n')]).groupBy(classLetter).execute(),
    db.selectFrom('schools').select(['learning_period', 'books_per_student']).where('id', '=', f.schoolId).executeTakeFirst(),
    db.selectFrom('users').select((e) => e.fn.countAll<number | string>().as('n'))
      .where('school_id', '=', f.schoolId).where('identity', '=', 'student').where('status', '=', 'active').executeTakeFirst(),
  ]);
  const standard = standardFor(school?.learning_period ?? '', school?.books_per_student ?? null);
  type Acc = { copies: number; titles: number; loans: number };
  const byClass = new Map<string, Acc>();
  const add = (k: string, a: Partial<Acc>) => {
    const cur = byClass.get(k) ?? { copies: 0, titles: 0, loans: 0 };
    byClass.set(k, { copies: cur.copies + (a.copies ?? 0), titles: cur.titles + (a.titles ?? 0), loans: cur.loans + (a.loans ?? 0) });
  };
  for (const r of held) add(classOf(r.k ?? '') ?? NONE, { copies: Number(r.copies), titles: Number(r.titles) });
  for (const r of loans) add(classOf(r.k ?? '') ?? NONE, { loans: Number(r.n) });
  const sum = (pick: (a: Acc) => number, keys: Iterable<string>) => [...keys].reduce((s, k) => s + (byClass.has(k) ? pick(byClass.get(k)!) : 0), 0);
  const all = [...byClass.keys()];
  const totals = { copies: sum((a) => a.copies, all), titles: sum((a) => a.titles, all), loans: sum((a) => a.loans, all) };
  const classesOf = (part: PartCode) => CLASSES.filter((c) => c.part === part).map((c) => c.code);
  const partPct = (part: PartCode) => pct(sum((a) => a.copies, classesOf(part)), totals.copies);
  const partName = (part: PartCode) => t(`statistics:clc.part.${part}`);
  const row = (code: string, name: string, part: PartCode | undefined, keys: string[]): ClassifyRow => {
    const copies = sum((a) => a.copies, keys);
    const loansN = sum((a) => a.loans, keys);
    const std = part ? standard.share(part) : null;
    const pp = part ? partPct(part) : pct(copies, totals.copies);
    return {
      Code: code, Name: name, Part: level === 'class22' && part ? partName(part) : '',
      Titles: sum((a) => a.titles, keys), Copies: copies, CopyPct: pct(copies, totals.copies),
      StandardPct: std, PartPct: pp, Short: std != null && totals.copies > 0 && pp < std,
      Loans: loansN, LoanPct: pct(loansN, totals.loans),
    };
  };
  const list = level === 'part5'
    ? PARTS.map((p) => row(p, partName(p), p, classesOf(p)))
    : CLASSES.map((c) => row(c.code, t(`statistics:clc.class.${c.code}`), partOf(c.code), [c.code]));
  if (byClass.has(NONE)) list.push(row(NONE, t('statistics:clc.none'), undefined, [NONE]));
  const studentsN = Number(students?.n ?? 0);
  return {
    List: list, Total: list.length, Stage: standard.stage, Students: studentsN,
    Copies: totals.copies, Titles: totals.titles, Loans: totals.loans,
    PerStudent: studentsN ? Math.round((totals.copies / studentsN) * 10) / 10 : 0,
    StandardPerStudent: standard.perStudent,
    Source: standard.own ? t('statistics:classify.ownStandard', { source: STANDARD_SOURCE }) : STANDARD_SOURCE,
  };
}
