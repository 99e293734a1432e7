import type {
  CatalogueDraft, CopyDraft, DataField, MarcClean, MarcField, MarcFieldRule, MarcFlavour, MarcFlavourRules, MarcIssue, MarcRecord, MarcSource,
} from '../../shared/domain/marc-rules.ts';
import { isDataField, LIST_TARGETS } from '../../shared/domain/marc-rules.ts';
import { issue } from './marc-issue.ts';

/**
 * MARC ↔ catalogue. Import follows the school's editable rules (marc-rules.ts); export writes the
 * standard layout of each flavour (the fields the default rules read), so an exported record
 * imported with the default rules gives back the same title and copies.
 */

export interface MappingResult {
  item: CatalogueDraft;
  copies: CopyDraft[];
  warnings: MarcIssue[];
}

// ---- cleaning ----

/** Non-filing marks (MARC-8 NSB/NSE) and runs of white space go; the text stays NFC. */
const NEEDS_CLEANING = /^\s|\s$|\s\s|[\t\n\r\u0098\u009c]/;
function cleanText(v: string): string {
  if (!NEEDS_CLEANING.test(v)) return v; // the common case, without allocating
  let s = v;
  if (s.includes('\u0098') || s.includes('\u009c')) s = s.replace(/[\u0098\u009c]/g, '');
  return s.replace(/\s+/g, ' ').trim();
}

/**
 * ISBD punctuation MARC 21 leaves at the end of a subfield: " /", " :", " ;", " =", ",", and a
 * full stop after a word (not after an initial "J." or an abbreviation such as "ed.").
 */
function cleanIsbd(v: string): string {
  let s = cleanText(v);
  // Trimmed text needs work only when it ends in a mark or a full stop: most values do not.
  while (s.length > 0 && ISBD_LAST.includes(s[s.length - 1]!)) {
    const before = s;
    s = s.replace(/\s*[/:;=,]$/, '').trim();
    if (/(?:[\p{Ll}]{3}|[\d)\]\p{Lo}])\.$/u.test(s)) s = s.slice(0, -1).trim();
    if (s === before) return s;
  }
  return s;
}
const ISBD_LAST = '/:;=,.';

function isbnCheck(isbn: string): boolean {
  if (/^\d{9}[\dX]$/.test(isbn)) {
    let sum = 0;
    for (let i = 0; i < 10; i++) sum += (isbn[i] === 'X' ? 10 : Number(isbn[i])) * (10 - i);
    return sum % 11 === 0;
  }
  if (/^\d{13}$/.test(isbn)) {
    let sum = 0;
    for (let i = 0; i < 13; i++) sum += Number(isbn[i]) * (i % 2 === 0 ? 1 : 3);
    return sum % 10 === 0;
  }
  return false;
}

const CURRENCY_SIGNS: [RegExp, string][] = [
  [/CNY|RMB|￥|¥|元/i, 'CNY'], [/USD|US\$|\$/i, 'USD'], [/GBP|£/i, 'GBP'], [/EUR|€/i, 'EUR'],
  [/HKD|HK\$/i, 'HKD'], [/TWD|NT\$/i, 'TWD'], [/JPY|円/i, 'JPY'],
];

/** "CNY29.80", "￥29.8", "$12.99 (pbk.)", "25.00元" → amount and currency. */
export function parsePrice(v: string): { price: number; currency?: string } | undefined {
  const m = /(\d+(?:[.,]\d{1,2})?)/.exec(v.includes(',') ? v.replace(/(\d),(\d{3})/g, '$1$2') : v);
  if (!m) return undefined;
  const price = Math.round(Number(m[1]!.replace(',', '.')) * 100) / 100;
  if (!Number.isFinite(price)) return undefined;
  const code = /\b([A-Z]{3})\s*\d/.exec(v)?.[1];
  const currency = code && code !== 'RMB' ? code : CURRENCY_SIGNS.find(([re]) => re.test(v))?.[1];
  return currency ? { price, currency } : { price };
}

// ---- reading values ----

/** One field's value for one source, cleaned; undefined when the field does not qualify or is empty. */
function fieldValue(f: MarcField, src: MarcSource, clean: MarcClean): string | undefined {
  let v: string;
  if (!isDataField(f)) {
    v = f.value;
  } else {
    if (src.ind1 !== undefined && f.ind1 !== src.ind1) return undefined;
    if (src.ind2 !== undefined && f.ind2 !== src.ind2) return undefined;
    if (src.match && !f.subfields.some((s) => s.code === src.match!.code && s.value.trim().toLowerCase() === src.match!.value.toLowerCase())) return undefined;
    const parts: string[] = [];
    for (const s of f.subfields) {
      if (!src.subfields.includes(s.code)) continue;
      const p = clean === 'isbd' ? cleanIsbd(s.value) : cleanText(s.value);
      if (p) parts.push(p);
    }
    v = parts.length === 1 ? parts[0]! : parts.join(src.joiner ?? ' ');
  }
  if (src.slice) v = cleanText(v.slice(src.slice[0], src.slice[1]));
  else if (clean === 'isbd' && src.subfields.length > 1) v = cleanIsbd(v);
  return v && !FILL_ONLY.test(v) ? v : undefined; // fill characters are no value
}

const FILL_ONLY = /^[|#\s]+$/;

/**
 * Rules compiled once per rules object (treated as immutable): which sources want which tag, so
 * a record is walked once instead of once per source.
 */
interface Plan {
  sources: { src: MarcSource; clean: MarcClean }[];
  byTag: Map<string, number[]>;
  ruleSources: number[][];
  /** Per rule: its target takes every value (authors, subjects), not the first found. */
  isList: boolean[];
}
const plans = new WeakMap<MarcFlavourRules, Plan>();

function planFor(rules: MarcFlavourRules): Plan {
  let plan = plans.get(rules);
  if (plan) return plan;
  plan = { sources: [], byTag: new Map(), ruleSources: [], isList: rules.fields.map((rule) => LIST_TARGETS.includes(rule.target)) };
  for (const rule of rules.fields) {
    const ks: number[] = [];
    for (const src of rule.sources) {
      const k = plan.sources.push({ src, clean: rule.clean }) - 1;
      ks.push(k);
      const list = plan.byTag.get(src.tag);
      if (list) list.push(k);
      else plan.byTag.set(src.tag, [k]);
    }
    plan.ruleSources.push(ks);
  }
  plans.set(rules, plan);
  return plan;
}

export function mapMarcToCatalogue(record: MarcRecord, rules: MarcFlavourRules): MappingResult {
  const plan = planFor(rules);
  const found: (string[] | undefined)[] = new Array<string[] | undefined>(plan.sources.length);
  for (const f of record.fields) {
    const ks = plan.byTag.get(f.tag);
    if (!ks) continue;
    for (const k of ks) {
      const { src, clean } = plan.sources[k]!;
      const v = fieldValue(f, src, clean);
      if (v === undefined) continue;
      const list = found[k];
      if (list) list.push(v);
      else found[k] = [v];
    }
  }
  const warnings: MarcIssue[] = [];
  const item: CatalogueDraft = { title: '', authors: [], subjects: [] };
  for (let r = 0; r < rules.fields.length; r++) {
    // Most rules find nothing in a given record: no array for them.
    let values: string[] | undefined;
    for (const k of plan.ruleSources[r]!) {
      const list = found[k];
      if (list === undefined) continue;
      values ??= [];
      for (const v of list) if (!values.includes(v)) values.push(v);
      if (!plan.isList[r]) break;
    }
    if (values) mapRule(rules.fields[r]!, values, item, warnings);
  }
  if (!item.title) warnings.push(issue('map.noTitle', 'map.noTitle', {}));
  return { item, copies: mapHoldings(record, rules, warnings), warnings };
}

function mapRule(rule: MarcFieldRule, values: string[], item: CatalogueDraft, warnings: MarcIssue[]): void {
  if (values.length === 0) return;
  if (rule.target === 'authors' || rule.target === 'subjects') {
    for (const v of values) if (!item[rule.target].includes(v)) item[rule.target].push(v);
    return;
  }
  const first = values[0]!;
  switch (rule.clean) {
    case 'isbn': {
      const token = /[0-9][0-9\s-]{8,16}[0-9Xx]/.exec(first)?.[0];
      const isbn = token?.replace(/[\s-]/g, '').toUpperCase();
      if (!isbn) { warnings.push(issue('map.badIsbn', 'map.noIsbn', { text: first })); return; }
      if (!isbnCheck(isbn)) warnings.push(issue('map.badIsbn', 'map.isbnCheck', { isbn }));
      assign(item, rule.target, isbn);
      return;
    }
    case 'price': {
      const p = parsePrice(first);
      if (!p) { warnings.push(issue('map.badPrice', 'map.notPrice', { text: first })); return; }
      if (rule.target === 'price') {
        item.price = p.price;
        if (p.currency) item.currency = p.currency;
      } else assign(item, rule.target, String(p.price));
      return;
    }
    case 'year': {
      const y = /(?:^|\D)(1[5-9]\d\d|2\d\d\d)(?!\d)/.exec(first)?.[1];
      if (y) assign(item, rule.target, y);
      return;
    }
    case 'code':
      assign(item, rule.target, rule.target === 'language' ? first.toLowerCase() : first);
      return;
    default:
      assign(item, rule.target, first);
  }
}

function mapHoldings(record: MarcRecord, rules: MarcFlavourRules, warnings: MarcIssue[]): CopyDraft[] {
  const copies: CopyDraft[] = [];
  for (const h of rules.holdings) {
    for (const f of record.fields) {
      if (f.tag !== h.tag || !isDataField(f)) continue;
      const sub = (code: string | undefined) => {
        if (!code) return undefined;
        const v = f.subfields.find((s) => s.code === code)?.value;
        return v === undefined ? undefined : cleanText(v) || undefined;
      };
      const copy: CopyDraft = {};
      const barcode = sub(h.barcode);
      if (barcode) copy.barcode = barcode;
      const location = sub(h.location);
      if (location) copy.location = location;
      const priceText = sub(h.price);
      if (priceText) {
        const p = parsePrice(priceText);
        if (p) copy.price = p.price;
        else warnings.push(issue('map.badPrice', 'map.copyNotPrice', { text: priceText }, h.tag));
      }
      if (h.callNumber) {
        let call = '';
        h.callNumber.subfields.forEach((code, i) => {
          const v = sub(code);
          if (!v) return;
          call += call ? `${h.callNumber!.separators[i - 1] ?? ' '}${v}` : v;
        });
        if (call) copy.callNumber = call;
      }
      if (Object.keys(copy).length > 0) copies.push(copy);
    }
  }
  return copies;
}

type ScalarTarget = Exclude<keyof CatalogueDraft, 'authors' | 'subjects' | 'price'>;
function assign(item: CatalogueDraft, target: string, value: string) {
  if (target === 'authors' || target === 'subjects') return;
  if (target === 'price') {
    const p = parsePrice(value);
    if (p) item.price = p.price;
    return;
  }
  item[target as ScalarTarget] = value;
}

// ---- export ----

export interface ExportOptions {
  /** 001; our item ID, so a re-import can match it. */
  controlNumber?: string;
  /** Date entered on file (008/00-05, 100$a/0-7); default today. */
  date?: Date;
}

const sf = (code: string, value: string | undefined) => (value ? [{ code, value }] : []);
function field(tag: string, ind1: string, ind2: string, subfields: { code: string; value: string }[]): DataField[] {
  return subfields.length > 0 ? [{ tag, ind1, ind2, subfields }] : [];
}
const priceText = (price: number | undefined, currency: string | undefined) =>
  price === undefined ? undefined : `${currency ?? 'CNY'}${price.toFixed(2)}`;

/** Splits "I247.5/123:2" into class number, book number and additional number (905 $d $e $f). */
export function splitCallNumber(call: string): { classNo: string; bookNo?: string; extra?: string } {
  const slash = call.indexOf('/');
  if (slash < 0) return { classNo: call };
  const rest = call.slice(slash + 1);
  const colon = rest.indexOf(':');
  const out: { classNo: string; bookNo?: string; extra?: string } = { classNo: call.slice(0, slash) };
  if (colon < 0) out.bookNo = rest;
  else {
    out.bookNo = rest.slice(0, colon);
    out.extra = rest.slice(colon + 1);
  }
  return out;
}

export function mapCatalogueToMarc(item: CatalogueDraft, copies: CopyDraft[], flavour: MarcFlavour, options: ExportOptions = {}): MarcRecord {
  const date = options.date ?? new Date();
  const ymd = date.toISOString().slice(0, 10).replace(/-/g, '');
  const fields: MarcField[] = [];
  if (options.controlNumber) fields.push({ tag: '001', value: options.controlNumber });
  const subjectSubfields = (s: string) => s.split('--').map((p, i) => ({ code: i === 0 ? 'a' : 'x', value: p }));

  if (flavour === 'marc21') {
    const year = item.year && /^\d{4}$/.test(item.year) ? item.year : '    ';
    const lang = (item.language ?? '').padEnd(3, ' ').slice(0, 3);
    // 008 for books: entered, type of date, date 1-2, place, 17 book positions, language, source.
    fields.push({ tag: '008', value: `${ymd.slice(2)}s${year}    xx ${' '.repeat(11)}000 0 ${lang} d` });
    fields.push(...field('020', ' ', ' ', [...sf('a', item.isbn), ...sf('c', priceText(item.price, item.currency))]));
    if (item.classNumber || (item.bookNumber && !item.deweyNumber)) {
      fields.push(...field('084', ' ', ' ', [...sf('a', item.classNumber), ...sf('b', item.bookNumber), { code: '2', value: 'clc' }]));
    }
    if (item.deweyNumber) fields.push(...field('082', '0', '4', [...sf('a', item.deweyNumber), ...sf('b', item.classNumber ? undefined : item.bookNumber)]));
    const [first, ...others] = item.authors;
    if (first) fields.push(...field('100', '1', ' ', sf('a', first)));
    fields.push(...field('245', first ? '1' : '0', '0', [...sf('a', item.title), ...sf('c', item.statement)]));
    if (item.parallelTitle) fields.push(...field('246', '3', '1', sf('a', item.parallelTitle)));
    fields.push(...field('250', ' ', ' ', sf('a', item.edition)));
    fields.push(...field('264', ' ', '1', [...sf('a', item.place), ...sf('b', item.publisher), ...sf('c', item.year)]));
    fields.push(...field('300', ' ', ' ', sf('a', item.extent)));
    fields.push(...field('490', '0', ' ', sf('a', item.series)));
    fields.push(...field('520', ' ', ' ', sf('a', item.summary)));
    for (const s of item.subjects) fields.push(...field('650', ' ', '4', subjectSubfields(s)));
    for (const a of others) fields.push(...field('700', '1', ' ', sf('a', a)));
    for (const c of copies) {
      fields.push(...field('952', ' ', ' ', [...sf('c', c.location), ...sf('g', c.price === undefined ? undefined : c.price.toFixed(2)), ...sf('o', c.callNumber), ...sf('p', c.barcode)]));
    }
    return { leader: '00000nam a2200000 i 4500', fields };
  }

  // CNMARC: 100$a is 36 fixed positions; 26-29 "50  " says ISO 10646 (we write UTF-8).
  const year = item.year && /^\d{4}$/.test(item.year) ? item.year : '    ';
  fields.push(...field('010', ' ', ' ', [...sf('a', item.isbn), ...sf('d', priceText(item.price, item.currency))]));
  fields.push({ tag: '100', ind1: ' ', ind2: ' ', subfields: [{ code: 'a', value: `${ymd}d${year}    em y0chiy50      ea` }] });
  fields.push(...field('101', '0', ' ', sf('a', item.language)));
  fields.push(...field('200', '1', ' ', [...sf('a', item.title), ...sf('d', item.parallelTitle), ...sf('f', item.statement)]));
  fields.push(...field('205', ' ', ' ', sf('a', item.edition)));
  fields.push(...field('210', ' ', ' ', [...sf('a', item.place), ...sf('c', item.publisher), ...sf('d', item.year)]));
  fields.push(...field('215', ' ', ' ', sf('a', item.extent)));
  fields.push(...field('225', '2', ' ', sf('a', item.series)));
  fields.push(...field('330', ' ', ' ', sf('a', item.summary)));
  for (const s of item.subjects) fields.push(...field('606', '0', ' ', subjectSubfields(s)));
  fields.push(...field('676', ' ', ' ', sf('a', item.deweyNumber)));
  fields.push(...field('690', ' ', ' ', sf('a', item.classNumber)));
  for (const a of item.authors) fields.push(...field('701', ' ', '0', sf('a', a)));
  for (const c of copies) {
    const call = c.callNumber ? splitCallNumber(c.callNumber) : undefined;
    fields.push(...field('905', ' ', ' ', [
      ...sf('b', c.barcode), ...sf('c', c.location), ...sf('d', call?.classNo), ...sf('e', call?.bookNo), ...sf('f', call?.extra),
      ...sf('s', c.price === undefined ? undefined : c.price.toFixed(2)),
    ]));
  }
  return { leader: '00000nam0a2200000   450 ', fields };
}
