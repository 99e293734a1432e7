import { pinyin } from '../search/pinyin.ts';

/**
 * Is this new book a title we already hold? A cataloguer should add a second copy to the existing
 * title, not a second title. Titles are compared by their toneless pinyin, so 红楼梦, 紅樓夢
 * (traditional characters read the same) and "Hong Lou Meng" are one title, and punctuation,
 * width, case and spacing never matter. Score: Dice coefficient of letter bigrams.
 */

/** Toneless pinyin / Latin letters and digits only. */
export function comparableText(s: string): string {
  const folded = s.normalize('NFKC').toLowerCase();
  return pinyin(folded, { toneType: 'none', type: 'array', nonZh: 'consecutive', v: true })
    .join('')
    .replace(/[^a-z0-9]/g, '');
}

function bigrams(s: string): Map<string, number> {
  const m = new Map<string, number>();
  for (let i = 0; i < s.length - 1; i++) {
    const g = s.slice(i, i + 2);
    m.set(g, (m.get(g) ?? 0) + 1);
  }
  return m;
}

/** 0..1; identical comparable texts are 1, texts sharing no letter pair 0. */
export function textSimilarity(a: string, b: string): number {
  const x = comparableText(a);
  const y = comparableText(b);
  if (!x || !y) return 0;
  if (x === y) return 1;
  if (x.length < 2 || y.length < 2) return 0;
  const bx = bigrams(x);
  const by = bigrams(y);
  let common = 0;
  for (const [g, n] of bx) common += Math.min(n, by.get(g) ?? 0);
  return (2 * common) / (x.length - 1 + (y.length - 1));
}

/**
 * Title and author together: the title weighs 0.7, the author 0.3 when both sides name one
 * (author statements like "鲁迅 著" vs "鲁迅" differ by the role word, which the bigrams absorb).
 */
export function titleSimilarity(a: { title: string; author?: string }, b: { title: string; author?: string }): number {
  const t = textSimilarity(a.title, b.title);
  if (!a.author?.trim() || !b.author?.trim()) return t;
  return 0.7 * t + 0.3 * textSimilarity(a.author, b.author);
}

/** At or above this a title is shown as a likely duplicate; 1 is an exact match. */
export const LIKELY_DUPLICATE = 0.8;

/** The first letters of the comparable title: a cheap database prefilter (titles.pinyin prefix). */
export function candidateKey(title: string, length = 4): string {
  return comparableText(title).slice(0, length);
}
