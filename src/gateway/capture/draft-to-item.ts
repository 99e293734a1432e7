import type { CatalogueDraft } from '../../shared/domain/marc-rules.ts';
import type { CaptureItem } from '../../shared/api/capture.ts';
import { hyphenateIsbn } from '../catalogue/isbn-hyphenation.ts';

/** MARC language codes to the catalogue's two-letter ones (the editing settings' list). */
const LANGUAGES: Record<string, string> = { chi: 'zh', zho: 'zh', eng: 'en', jpn: 'ja', fre: 'fr', fra: 'fr', ger: 'de', deu: 'de', rus: 'ru' };

/**
 * A record found elsewhere as the fields of our catalogue. The source's book number is dropped: the
 * school gives its own (种次号 or author number) when it saves.
 */
export function draftToItem(d: CatalogueDraft, isbn: string, source: string): CaptureItem {
  const year = d.year ? Number(/\d{4}/.exec(d.year)?.[0]) : NaN;
  const found = (d.isbn ?? '').replace(/[^0-9Xx]/g, '').toUpperCase();
  const code = found.length === 10 || found.length === 13 ? found : isbn;
  return {
    Title: d.title, ParallelTitle: d.parallelTitle ?? '', Author: d.authors.length ? d.authors.join('; ') : d.statement ?? '',
    Publisher: d.publisher ?? '', Place: d.place ?? '', PubYear: Number.isInteger(year) && year >= 1000 && year <= 2199 ? year : null,
    ISBN: code, ISBNHyphenated: hyphenateIsbn(code), Price: d.price != null && d.price >= 0 && d.price <= 100000 ? Math.round(d.price * 100) / 100 : 0,
    ClassNo: d.classNumber ?? '', DeweyNo: d.deweyNumber ?? '', BookNo: '', AddNo: '',
    Language: d.language ? LANGUAGES[d.language.toLowerCase()] ?? 'other' : '',
    Summary: d.summary ?? '', Subjects: d.subjects.join('; '), Series: d.series ?? '', Edition: d.edition ?? '', Extent: d.extent ?? '', Source: source,
  };
}
