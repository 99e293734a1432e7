import type { CopyRow } from '../../../shared/api/copy-row.ts';
import { STORAGE_AREAS, storageAreaName } from '../../../shared/domain/catalogue/copy-states.ts';
import { localName } from '../../lib/local-name.ts';

/** "流通 · 已借出": where a copy belongs and what is happening to it, in the UI language. */
export function copyStateText(t: (k: string) => string, storage: number, circ: string): string {
  const area = storageAreaName(storage);
  return `${area ? t(`catalogue:storage.${area}`) : storage} · ${t(`catalogue:circ.${circ}`)}`;
}

export const STORAGE_OPTIONS = Object.entries(STORAGE_AREAS) as [keyof typeof STORAGE_AREAS, number][];

/** Where a copy is: "总馆 · 中文图书区" (and its shelf mark), in the UI language. */
export function copyLocation(
  c: Pick<CopyRow, 'BranchName' | 'BranchEnName' | 'AreaName' | 'AreaEnName' | 'ShelfMark'>,
  lang: string,
  opts: { withShelfMark?: boolean } = {},
): string {
  return [localName(c.BranchName, c.BranchEnName, lang), localName(c.AreaName, c.AreaEnName, lang), opts.withShelfMark ? c.ShelfMark : ''].filter(Boolean).join(' · ');
}

/** A price as lists show it: two decimals, grouped as the UI language groups them. */
export const money = (v: number, lang: string): string => v.toLocaleString(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
