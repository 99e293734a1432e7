/**
 * The collection the national regulation asks of a school library, in copies per student, by the
 * school's learning period (教育部《中小学图书馆（室）规程》, 教基〔2018〕5号, annex 1). The primary
 * figure was checked against the press report of the regulation (央广网 / 北京青年报, 2018-06-11);
 * the others are the annex as we read it and are not yet checked against its text. Provinces often
 * set their own, higher, figures (Jiangsu's senior high schools 30–50 by category), so a school
 * may set the figure it is held to on its basic-info page; this table is the default.
 */
export const NATIONAL_BOOKS_PER_STUDENT: Readonly<Record<string, number>> = {
  primary: 25,
  junior: 35,
  senior: 50,
  'nine-year': 30,
  complete: 45,
};

/** The limits of a figure a school sets itself. */
export const BOOKS_PER_STUDENT_RANGE = { min: 1, max: 500 } as const;

/** The national figure for a learning period (a school with none set is judged as primary). */
export const nationalBooksPerStudent = (learningPeriod: string): number =>
  NATIONAL_BOOKS_PER_STUDENT[learningPeriod] ?? NATIONAL_BOOKS_PER_STUDENT.primary!;
