import { STORAGE_AREAS, storageAreaName } from '../../../shared/domain/catalogue/copy-states.ts';

/** "流通 · 已借出": where a copy belongs and what is happening to it, in the UI language. */
export function copyStateText(t: (k: string) => string, storage: number, circ: string): string {
  const area = storageAreaName(storage);
  return `${area ? t(`catalogue:storage.${area}`) : storage} · ${t(`catalogue:circ.${circ}`)}`;
}

export const STORAGE_OPTIONS = Object.entries(STORAGE_AREAS) as [keyof typeof STORAGE_AREAS, number][];
