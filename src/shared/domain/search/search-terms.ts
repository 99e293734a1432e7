/**
 * The terms of the title index (title_terms), the way CJK search engines without a dictionary
 * do it (Lucene's CJKAnalyzer, pg_bigm): Chinese, Japanese and Korean text as overlapping
 * character bigrams, Latin letters and digits as whole words. Both the index and the query are
 * cut the same way after the same folding (NFKC: full-width letters and digits become ASCII;
 * lower case), so 西游记 finds 《西游记》 and ＡＢＣ finds abc.
 *
 * A run of CJK characters c1…cn gives c1c2 … c(n-1)cn and the last character alone, so every
 * character starts at least one term: a one-character query is a prefix of a term (猫 → 猫咪,
 * 猫), a longer one is the set of its bigrams, all of which a matching title holds.
 */

/** Han (with extensions and compatibility ideographs), kana, hangul. */
const CJK_CLASS = '[\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}]';
const CJK = new RegExp(CJK_CLASS, 'u');
/** A CJK run, or a run of other letters and digits (Han letters are \p{L} too, so excluded). */
const PIECE = new RegExp(`${CJK_CLASS}+|(?:(?!${CJK_CLASS})[\\p{L}\\p{N}])+`, 'gu');

/** Terms longer than this are cut: a term is a key in a B-tree, not a document. */
const MAX_TERM = 40;

function fold(text: string): string {
  return text.normalize('NFKC').toLowerCase();
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
function exactKey(text: string): string {
  return [...pieces(text).join(' ')].slice(0, MAX_TERM - 1).join('');
}

/**
 * Two more terms a title (not its other fields) is indexed under, so the ranking of results is
 * an index lookup too: "=" + the whole title (folded) and "^" + its first term. Letters,
 * digits and CJK never include = or ^, so these cannot collide with words.
 */
export function titleMarkers(title: string): string[] {
  const first = pieces(title)[0];
  return first ? [`=${exactKey(title)}`, `^${firstTerm(first)}`] : [];
}

/**
 * The markers a query ranks by: titles equal to it, then titles starting with its first term
 * (its first bigram, or the start of its first word or lone character as a prefix).
 */
export function queryMarkers(key: string): { exact: string; starts: QueryTerm } | null {
  const first = pieces(key)[0];
  if (!first) return null;
  const prefix = !isCjk(first) || [...first].length === 1;
  return { exact: `=${exactKey(key)}`, starts: { term: `^${firstTerm(first)}`, prefix } };
}

/** The distinct terms under which a record with these texts is found. */
export function indexTerms(texts: readonly string[]): string[] {
  const out = new Set<string>();
  for (const text of texts) {
    for (const piece of pieces(text)) {
      if (!isCjk(piece)) {
        out.add(piece.slice(0, MAX_TERM));
        continue;
      }
      const chars = [...piece];
      for (let i = 0; i + 1 < chars.length; i++) out.add(chars[i]! + chars[i + 1]!);
      out.add(chars[chars.length - 1]!);
    }
  }
  return [...out];
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
