import { SIMPLIFIED_PAIRS } from './simplified-chars.ts';

/**
 * The terms of the title index (title_terms), the way CJK search engines without a dictionary
 * do it (Lucene's CJKAnalyzer, pg_bigm): Chinese, Japanese and Korean text as overlapping
 * character bigrams, Latin letters and digits as whole words. Both the index and the query are
 * cut the same way after the same folding (NFKC: full-width letters and digits become ASCII;
 * lower case; traditional characters become simplified), so 西游记 finds 《西游记》, 西遊記 finds
 * 西游记 and back, and ＡＢＣ finds abc.
 *
 * A run of CJK characters c1…cn gives c1c2 … c(n-1)cn and the last character alone, so every
 * character starts at least one term: a one-character query is a prefix of a term (猫 → 猫咪,
 * 猫), a longer one is the set of its bigrams, all of which a matching title holds.
 */

/** Han (with extensions and compatibility ideographs), kana, hangul. */
const CJK_CLASS = '[\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}]';
const CJK = new RegExp(CJK_CLASS, 'u');
/**
 * A CJK run, or a run of other letters and digits (Han letters are \p{L} too, so taken out by the
 * v flag's set difference: one character class, where a lookahead per character cost a third of
 * cutting a MARC import's 120,000 texts).
 */
const PIECE = new RegExp(`${CJK_CLASS}+|[[\\p{L}\\p{N}]--${CJK_CLASS}]+`, 'gv');

/** Terms longer than this are cut: a term is a key in a B-tree, not a document. */
const MAX_TERM = 40;

/**
 * Traditional → simplified, character by character: OpenCC's one-character pairs (why only those:
 * scripts/simplified-chars-table.ts), generated into simplified-chars.ts so that no start loads
 * OpenCC's dictionaries.
 */
function characterMap(lines: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of lines) {
    const cps = [...line];
    for (let i = 0; i + 1 < cps.length; i += 2) out.set(cps[i]!, cps[i + 1]!);
  }
  return out;
}

const SIMPLIFIED = characterMap(SIMPLIFIED_PAIRS);
/** The characters the table changes, as one class: the replacement runs only where it has work. */
const TRADITIONAL = new RegExp(`[${[...SIMPLIFIED.keys()].map((c) => c.replace(/[\\\]\[^-]/g, '\\$&')).join('')}]`, 'gu');

/** Each Han character in its simplified form (西遊記 → 西游记); anything else unchanged. */
export function simplifiedChinese(text: string): string {
  return text.replace(TRADITIONAL, (c) => SIMPLIFIED.get(c)!);
}

/** What the index and the query compare: NFKC, lower case, simplified Chinese. */
export function fold(text: string): string {
  return simplifiedChinese(text.normalize('NFKC').toLowerCase());
}

function pieces(text: string): string[] {
  return fold(text).match(PIECE) ?? [];
}

const isCjk = (piece: string) => CJK.test(piece);

/** A piece's first term: its first bigram, a lone character, or the word. */
function firstTerm(piece: string): string {
  const chars = [...piece];
  return isCjk(piece) ? chars.slice(0, 2).join('') : chars.slice(0, MAX_TERM - 1).join('');
}

/** The folded text, pieces joined by one space and cut to fit a term ("Harry Potter!" → "harry potter"). */
function exactKey(ps: readonly string[]): string {
  return [...ps.join(' ')].slice(0, MAX_TERM - 1).join('');
}

/**
 * Two more terms a title (not its other fields) is indexed under, so the ranking of results is
 * an index lookup too: "=" + the whole title (folded) and "^" + its first term. Letters,
 * digits and CJK never include = or ^, so these cannot collide with words.
 */
export function titleMarkers(title: string): string[] {
  return markersOf(pieces(title));
}

function markersOf(titlePieces: readonly string[]): string[] {
  const first = titlePieces[0];
  return first ? [`=${exactKey(titlePieces)}`, `^${firstTerm(first)}`] : [];
}

/**
 * The markers a query ranks by: titles equal to it, then titles starting with its first term
 * (its first bigram, or the start of its first word or lone character as a prefix).
 */
export function queryMarkers(key: string): { exact: string; starts: QueryTerm } | null {
  const ps = pieces(key);
  const first = ps[0];
  if (!first) return null;
  const prefix = !isCjk(first) || [...first].length === 1;
  return { exact: `=${exactKey(ps)}`, starts: { term: `^${firstTerm(first)}`, prefix } };
}

/** The distinct terms under which a record with these texts is found. */
export function indexTerms(texts: readonly string[]): string[] {
  const out = new Set<string>();
  for (const text of texts) addTerms(out, pieces(text), '');
  return [...out];
}

/** Adds the terms of already cut pieces to `out`, each with `tag` before it (see tagged). */
function addTerms(out: Set<string>, ps: readonly string[], tag: string): void {
  const add = tag ? (term: string) => out.add(tagWith(tag, term)) : (term: string) => out.add(term);
  for (const piece of ps) {
    if (!isCjk(piece)) {
      add(piece.slice(0, MAX_TERM));
      continue;
    }
    let prev = '';
    for (const c of piece) {
      if (prev) add(prev + c);
      prev = c;
    }
    add(prev);
  }
}

/**
 * The fields of a title with terms of their own, and the one character each field's terms start
 * with, so one search can keep to one field (an author search does not find 鲁迅 in a title).
 * The title and its parallel title are the bulk of the index and carry no tag; none of these
 * characters is a letter or digit, so a tagged term never equals a word.
 */
export const TERM_TAGS = { title: '', author: '@', series: '$', subject: '%', publisher: '&' } as const;
export type TermField = keyof typeof TERM_TAGS;

/** A term of a field, cut to fit the index column (40 characters). */
export function tagged(field: TermField, term: string): string {
  return tagWith(TERM_TAGS[field], term);
}

function tagWith(tag: string, term: string): string {
  const s = tag + term;
  return s.length <= MAX_TERM ? s : [...s].slice(0, MAX_TERM).join('');
}

/** The texts of a title the index holds. */
export interface IndexedTitle {
  title: string;
  en_title: string;
  author: string;
  series: string;
  subjects: string;
  publisher: string;
}

/**
 * Every term a title is found by: the words of its title and parallel title, of its author(s),
 * series and subjects (each field tagged), its publisher's pieces whole (a publisher is searched
 * by its start, 人民文学 → 人民文学出版社, which costs one or two index rows, not seven), and the
 * two ranking markers of its title.
 */
export function titleIndexTerms(t: IndexedTitle): string[] {
  const out = new Set<string>();
  const titlePieces = pieces(t.title ?? '');
  addTerms(out, titlePieces, '');
  addTerms(out, pieces(t.en_title ?? ''), '');
  for (const marker of markersOf(titlePieces)) out.add(marker);
  addTerms(out, pieces(t.author ?? ''), TERM_TAGS.author);
  addTerms(out, pieces(t.series ?? ''), TERM_TAGS.series);
  addTerms(out, pieces(t.subjects ?? ''), TERM_TAGS.subject);
  for (const piece of pieces(t.publisher ?? '')) out.add(tagged('publisher', piece));
  return [...out];
}

/** What a title's publisher must hold: each piece of the key as the start of one of its pieces. */
export function publisherQueryTerms(key: string): QueryTerm[] {
  return [...new Set(pieces(key))].map((p) => ({ term: tagged('publisher', p), prefix: true }));
}

/** One condition of a query: the exact term, or any term starting with it. */
export interface QueryTerm {
  term: string;
  prefix: boolean;
}

/**
 * What a record must hold to match `key`: every returned condition (AND). A word being typed
 * matches the words it starts (ocea → ocean); a lone CJK character matches as a prefix.
 * Empty when the key has no letter, digit or CJK character at all.
 */
export function queryTerms(key: string): QueryTerm[] {
  const out = new Map<string, QueryTerm>();
  for (const piece of pieces(key)) {
    if (!isCjk(piece)) {
      const term = piece.slice(0, MAX_TERM);
      out.set(`p:${term}`, { term, prefix: true });
      continue;
    }
    const chars = [...piece];
    if (chars.length === 1) out.set(`p:${chars[0]}`, { term: chars[0]!, prefix: true });
    for (let i = 0; i + 1 < chars.length; i++) out.set(`e:${chars[i]}${chars[i + 1]}`, { term: chars[i]! + chars[i + 1]!, prefix: false });
  }
  // A prefix already implied by an exact term adds nothing (科学 + 科 → 科学).
  return [...out.values()].filter((q) => !q.prefix || ![...out.values()].some((o) => o !== q && !o.prefix && o.term.startsWith(q.term)));
}

/**
 * The least string greater than every string starting with `prefix`, in code-point order (which
 * is SQLite's BINARY and PostgreSQL's "C" order): `term >= prefix and term < upper` is a prefix
 * match an ordinary B-tree index answers, unlike LIKE, which SQLite folds case for and so cannot
 * use such an index.
 */
export function prefixUpperBound(prefix: string): string {
  const cps = [...prefix];
  const last = cps.pop()!;
  const cp = last.codePointAt(0)!;
  // Skip the surrogate block, which is not a character.
  const next = cp + 1 === 0xd800 ? 0xe000 : cp + 1;
  return cps.join('') + String.fromCodePoint(next);
}
