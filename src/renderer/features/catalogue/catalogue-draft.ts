import type { CatalogueItem } from '../../../shared/api/catalogue.ts';

/** The title fields of the full form, as typed (strings); converted to the call's input on save. */
export const TITLE_FIELDS = [
  'Title', 'ParallelTitle', 'Author', 'Edition', 'Publisher', 'Place', 'PubYear', 'Extent', 'Series', 'Price', 'Language',
  'ClassNo', 'DeweyNo', 'BookNo', 'AddNo', 'Subjects', 'Summary',
] as const;
export type TitleField = (typeof TITLE_FIELDS)[number];
export type TitleDraft = Record<TitleField, string> & { ISBN: string };

export const COPY_FIELDS = ['Count', 'AreaID', 'BatchID', 'SequenceID', 'ShelfMark', 'Price', 'DiscountPrice', 'Barcodes'] as const;
export type CopyField = (typeof COPY_FIELDS)[number];
export type CopiesDraft = Record<CopyField, string>;

export const emptyTitle = (isbn: string, language: string): TitleDraft => ({
  ...(Object.fromEntries(TITLE_FIELDS.map((f) => [f, ''])) as Record<TitleField, string>),
  ISBN: isbn,
  Language: language,
});

export const titleFromItem = (item: Omit<CatalogueItem, 'ItemID' | 'CopyCount'>): TitleDraft => ({
  ...(Object.fromEntries(TITLE_FIELDS.map((f) => [f, item[f] == null ? '' : String(item[f])])) as Record<TitleField, string>),
  ISBN: item.ISBN,
});

const num = (s: string) => (s.trim() === '' ? undefined : Number(s.trim()));

/** The Item of Literature/AddItemsCatalogueInfo; blank optional fields are left out. */
export function itemInput(d: TitleDraft, source: string) {
  const text = (s: string) => s.trim();
  return {
    Title: text(d.Title), ParallelTitle: text(d.ParallelTitle), Author: text(d.Author), Publisher: text(d.Publisher), Place: text(d.Place),
    PubYear: d.PubYear.trim() === '' ? null : Number(d.PubYear), ISBN: d.ISBN, Price: num(d.Price) ?? Number.NaN,
    ClassNo: text(d.ClassNo), DeweyNo: text(d.DeweyNo), ...(text(d.BookNo) ? { BookNo: text(d.BookNo) } : {}), AddNo: text(d.AddNo),
    ...(text(d.Language) ? { Language: text(d.Language) } : {}), Summary: d.Summary.trim(), Subjects: text(d.Subjects), Series: text(d.Series),
    Edition: text(d.Edition), Extent: text(d.Extent), Source: source,
  };
}

/** The Copies of Literature/AddItemsCatalogueInfo; listed barcodes (one per line) replace the sequence. */
export function copiesInput(c: CopiesDraft) {
  const barcodes = c.Barcodes.split(/[\s,;]+/).map((b) => b.trim()).filter(Boolean);
  return {
    Count: barcodes.length || (num(c.Count) ?? Number.NaN),
    AreaID: num(c.AreaID) ?? (undefined as unknown as number),
    ...(num(c.BatchID) != null ? { BatchID: num(c.BatchID) } : {}),
    ...(num(c.SequenceID) != null ? { SequenceID: num(c.SequenceID) } : {}),
    ...(barcodes.length ? { Barcodes: barcodes } : {}),
    ...(c.ShelfMark.trim() ? { ShelfMark: c.ShelfMark.trim() } : {}),
    ...(num(c.Price) != null ? { Price: num(c.Price) } : {}),
    ...(num(c.DiscountPrice) != null ? { DiscountPrice: num(c.DiscountPrice) } : {}),
  };
}
