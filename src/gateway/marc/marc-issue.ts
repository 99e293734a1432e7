import type { MARC_ISSUE_DETAILS, MarcIssue, MarcIssueCode, MarcIssueDetail, MarcIssueFacts } from '../../shared/domain/marc-rules.ts';
import type { Language } from '../../shared/domain/ui-constants.ts';
import type { Translator } from '../http/i18n.ts';
import type { MarcEncoding } from './marc-encoding.ts';

/**
 * Building MARC issues with their facts, and saying them in the reader's language: the code's
 * message, then the detail sentence with the facts filled in (`marc:issueWithDetail` joins them,
 * with full-width parentheses in Chinese).
 */

/** The tag argument, required exactly when the detail sentence names the issue's tag. */
export type TagArg<K extends MarcIssueDetail> = 'tag' extends (typeof MARC_ISSUE_DETAILS)[K][number] ? [tag: string] : [];

/** An issue with its detail sentence; `params` only when there are facts besides the tag. */
export function issue<K extends MarcIssueDetail>(code: MarcIssueCode, detail: K, facts: MarcIssueFacts<K>, ...[tag]: TagArg<K>): MarcIssue {
  const made: MarcIssue = { code, detail };
  if (Object.keys(facts).length) made.params = facts;
  if (tag !== undefined) made.tag = tag;
  return made;
}

/** `target` with the detail sentence and facts of `from`, only those it has (a problem stays small). */
export function withFacts<T extends Partial<Pick<MarcIssue, 'detail' | 'params'>>>(target: T, from: Partial<Pick<MarcIssue, 'detail' | 'params'>>): T {
  if (from.detail) target.detail = from.detail;
  if (from.params) target.params = from.params;
  return target;
}

/** Character sets as both languages write them (the same names the import screen shows). */
export const ENCODING_NAMES: Record<MarcEncoding, string> = { 'utf-8': 'UTF-8', gb18030: 'GBK/GB18030', 'marc-8': 'MARC-8' };

const pluralRules = new Map<Language, Intl.PluralRules>();
/** i18next's plural suffix for `n` in `lang` (the gateway's translator has no plurals of its own). */
function pluralSuffix(lang: Language, n: number): string {
  let rules = pluralRules.get(lang);
  if (!rules) {
    rules = new Intl.PluralRules(lang);
    pluralRules.set(lang, rules);
  }
  return rules.select(n) === 'one' ? '_one' : '_other';
}

/** The key of a detail sentence, with the plural suffix its `count` asks for. */
export function detailKey(lang: Language, detail: MarcIssueDetail, params: Readonly<Record<string, unknown>> | undefined): string {
  const count = params?.count;
  return `marc:issueDetail.${detail}${typeof count === 'number' ? pluralSuffix(lang, count) : ''}`;
}

/** The issue's detail sentence in `lang`, or '' when it has none. */
export function issueDetailText(i18n: Pick<Translator, 't'>, lang: Language, x: Pick<MarcIssue, 'detail' | 'params' | 'tag'>): string {
  if (!x.detail) return '';
  const params = x.tag === undefined ? (x.params ?? {}) : { ...x.params, tag: x.tag };
  const key = detailKey(lang, x.detail, params);
  const text = i18n.t(lang, key, params);
  // A sentence missing from the locale files: the message alone rather than a raw key.
  return text === key ? '' : text;
}

/** The issue as a cataloguer reads it: the code's message and, when there are facts, the detail. */
export function issueText(i18n: Pick<Translator, 't'>, lang: Language, x: Pick<MarcIssue, 'code' | 'detail' | 'params' | 'tag'>): string {
  const message = i18n.t(lang, `marc:issue.${x.code}`);
  const detail = issueDetailText(i18n, lang, x);
  if (!detail) return message;
  // A message that ends with its own note, "（已修复）", takes the facts after a colon, not in a second pair of parentheses.
  return i18n.t(lang, /[)）]$/.test(message) ? 'marc:issueWithDetailAfterNote' : 'marc:issueWithDetail', { message, detail });
}
