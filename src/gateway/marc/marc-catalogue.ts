import type { CatalogueDraft, CopyDraft, MarcRecord } from '../../shared/domain/marc-rules.ts';
import { isDataField } from '../../shared/domain/marc-rules.ts';

/** Our catalogue's rows as MARC drafts (export), and MARC language codes both ways. */

const TO_MARC: Record<string, string> = { zh: 'chi', en: 'eng', ja: 'jpn', fr: 'fre', de: 'ger', ru: 'rus' };
const FROM_MARC: Record<string, string> = { chi: 'zh', zho: 'zh', eng: 'en', jpn: 'ja', fre: 'fr', fra: 'fr', ger: 'de', deu: 'de', rus: 'ru' };
export const marcLanguage = (code: string) => TO_MARC[code] ?? (code ? 'und' : '');
export const ourLanguage = (code: string | undefined) => (code ? FROM_MARC[code.toLowerCase()] ?? 'other' : '');

export interface TitleForExport {
  id: number; title: string; en_title: string; author: string; publisher: string; place: string; pub_year: number | null; isbn: string; price: number;
  class_no: string; dewey_no: string; book_no: string; language: string; summary: string; subjects: string; series: string; edition: string; extent: string;
}

export function titleToDraft(t: TitleForExport): CatalogueDraft {
  const list = (s: string) => s.split(/;\s*/).map((x) => x.trim()).filter(Boolean);
  const opt = (s: string) => (s ? s : undefined);
  return {
    title: t.title, parallelTitle: opt(t.en_title), authors: list(t.author), publisher: opt(t.publisher), place: opt(t.place),
    year: t.pub_year ? String(t.pub_year) : undefined, isbn: opt(t.isbn), price: t.price, classNumber: opt(t.class_no), deweyNumber: opt(t.dewey_no),
    bookNumber: opt(t.book_no), language: opt(marcLanguage(t.language)), summary: opt(t.summary), subjects: list(t.subjects), series: opt(t.series),
    edition: opt(t.edition), extent: opt(t.extent),
  };
}

export function copyToDraft(c: { barcode: string; call_no: string; price: number; area_code: string | null }): CopyDraft {
  return { barcode: c.barcode, callNumber: c.call_no || undefined, price: c.price, location: c.area_code ?? undefined };
}

/** A record in the line format cataloguers read (=245  10$aTitle$cAuthor). */
export function marcLines(record: MarcRecord): string[] {
  return [
    `=LDR  ${record.leader}`,
    ...record.fields.map((f) => (isDataField(f)
      ? `=${f.tag}  ${f.ind1.replace(' ', '\\')}${f.ind2.replace(' ', '\\')}${f.subfields.map((s) => `$${s.code}${s.value}`).join('')}`
      : `=${f.tag}  ${f.value}`)),
  ];
}
