import { nationalBooksPerStudent } from '../../shared/domain/books-per-student.ts';

/**
 * What the national regulation asks of a school library's collection, by the school's learning
 * stage (SchoolsTable.learning_period), and the Chinese Library Classification (CLC) the
 * structure reports group by. One data file, so the figures and their source are read in one place.
 *
 * Source: 教育部《中小学图书馆（室）规程》(教基〔2018〕5号, 2018-05-28), annex 1 "中小学图书馆（室）
 * 藏书量" (copies per student by kind of school) and annex 2 "中小学图书馆（室）藏书分类比例表"
 * (the shares of the five basic parts, for primary and for secondary schools). The primary
 * school's 25 copies per student was checked against the report of the regulation by 央广网 /
 * 北京青年报 (2018-06-11); the part shares against the table as published with the regulation
 * (A 1.5 / 2, B 1.5 / 2, C–K 64 / 54, N–X 28 / 38, Z 5 / 4 percent, primary / secondary).
 * The regulation gives minimums per student and target shares per part; it gives no shares for
 * the 22 classes, so a class is judged by its part.
 */
export const STANDARD_SOURCE = '教育部《中小学图书馆（室）规程》（教基〔2018〕5号）附件1、附件2';

export type PartCode = 'A' | 'B' | 'C-K' | 'N-X' | 'Z';
export const PARTS: readonly PartCode[] = ['A', 'B', 'C-K', 'N-X', 'Z'];

/** The 22 main classes, in the CLC's order, each with its part. */
export const CLASSES: ReadonlyArray<{ code: string; part: PartCode }> = [
  { code: 'A', part: 'A' }, { code: 'B', part: 'B' },
  ...['C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K'].map((code) => ({ code, part: 'C-K' as const })),
  ...['N', 'O', 'P', 'Q', 'R', 'S', 'T', 'U', 'V', 'X'].map((code) => ({ code, part: 'N-X' as const })),
  { code: 'Z', part: 'Z' },
];
const PART_OF = new Map(CLASSES.map((c) => [c.code, c.part]));

/** The CLC main class of a class number (its first letter, upper case), or null when it has none. */
export function classOf(classNo: string): string | null {
  const first = classNo.trim().charAt(0).toUpperCase();
  return PART_OF.has(first) ? first : null;
}
export const partOf = (classCode: string): PartCode | undefined => PART_OF.get(classCode);

type ShareScale = 'primary' | 'secondary';
/** Annex 2: percent of the copies per part. */
const SHARES: Record<ShareScale, Record<PartCode, number>> = {
  primary: { A: 1.5, B: 1.5, 'C-K': 64, 'N-X': 28, Z: 5 },
  secondary: { A: 2, B: 2, 'C-K': 54, 'N-X': 38, Z: 4 },
};

/**
 * Which share table applies to each kind of school (annex 1's copies per student are in
 * shared/domain/books-per-student.ts). A nine-year school (six primary grades of nine) is judged
 * by the primary shares; our learning periods map to the regulation's kinds: primary 完全小学,
 * junior 初级中学, senior 高级中学, nine-year 九年制学校, complete 完全中学.
 */
const SHARES_OF: Record<string, ShareScale> = { primary: 'primary', junior: 'secondary', senior: 'secondary', 'nine-year': 'primary', complete: 'secondary' };

export interface StageStandard {
  /** The learning period the standard is for ('primary' when the school has none set). */
  stage: string;
  perStudent: number;
  /** The school set its copies per student itself (a province's figure), not the regulation's. */
  own: boolean;
  share(part: PartCode): number;
}

/** The standard of a school: its own copies per student when it set one, else the national figure. */
export function standardFor(learningPeriod: string, ownPerStudent: number | null = null): StageStandard {
  const stage = learningPeriod in SHARES_OF ? learningPeriod : 'primary';
  const scale = SHARES_OF[stage]!;
  return { stage, perStudent: ownPerStudent ?? nationalBooksPerStudent(stage), own: ownPerStudent != null, share: (part) => SHARES[scale][part] };
}
