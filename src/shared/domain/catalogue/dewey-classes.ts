/**
 * Dewey Decimal Classification for English books: the ten main classes, bilingual. A school
 * classifies its English readers by Dewey when its editing settings say so; the class picker and
 * the reports use these names. (Divisions and sections are the cataloguer's to type.)
 */
export interface DeweyClass {
  code: string;
  zh: string;
  en: string;
}

export const DEWEY_CLASSES: readonly DeweyClass[] = [
  { code: '000', zh: '计算机科学、信息与总类', en: 'Computer science, information and general works' },
  { code: '100', zh: '哲学与心理学', en: 'Philosophy and psychology' },
  { code: '200', zh: '宗教', en: 'Religion' },
  { code: '300', zh: '社会科学', en: 'Social sciences' },
  { code: '400', zh: '语言', en: 'Language' },
  { code: '500', zh: '自然科学', en: 'Science' },
  { code: '600', zh: '技术', en: 'Technology' },
  { code: '700', zh: '艺术与休闲', en: 'Arts and recreation' },
  { code: '800', zh: '文学', en: 'Literature' },
  { code: '900', zh: '历史与地理', en: 'History and geography' },
];

/** Three digits, optionally a point and more digits: 813.54, 005.133. */
const DEWEY_PATTERN = /^\d{3}(?:\.\d+)?$/;

export function isValidDewey(number: string): boolean {
  return DEWEY_PATTERN.test(number.trim());
}

/** The main class of a Dewey number, or null when it is not one. */
export function deweyClass(number: string): DeweyClass | null {
  const n = number.trim();
  return isValidDewey(n) ? DEWEY_CLASSES[Number(n[0])]! : null;
}
