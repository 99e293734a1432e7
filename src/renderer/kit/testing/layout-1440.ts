import type { GridColDef } from '@mui/x-data-grid';
import type { ResourceLabels } from '../labels.ts';

/**
 * The grid's room on a 1440 px screen: the side menu takes 220 px, the main area 2 × 16 px of
 * padding, the grid 2 px of border and the page's scroll bar up to 17 px.
 */
export const GRID_ROOM_AT_1440 = 1440 - 220 - 32 - 2 - 17;

/** What the columns need at least; if it fits the room, no column is squeezed and none is pushed off screen. */
export const neededWidth = (columns: readonly GridColDef[]): number => columns.reduce((w, c) => w + (c.minWidth ?? c.width ?? 0), 0);

type Dict = Record<string, unknown>;
/** A string at a dotted path of a locale file, or undefined. */
export const textAt = (d: Dict, path: string): string | undefined => {
  const v = path.split('.').reduce<unknown>((o, k) => (o as Dict | undefined)?.[k], d);
  return typeof v === 'string' ? v : undefined;
};

/** A resource's labels read straight from its locale files (the same keys useResourceLabels reads). */
export const labelsFrom = (feature: Dict, kit: Dict, id: string): ResourceLabels => ({
  name: () => textAt(feature, `resources.${id}.name`) ?? id,
  item: () => textAt(feature, `resources.${id}.item`) ?? textAt(feature, `resources.${id}.name`) ?? id,
  field: (f) => textAt(feature, `resources.${id}.fields.${f}`) ?? textAt(kit, `fields.${f}`) ?? f,
  help: () => undefined,
  option: (f, v) => textAt(feature, `resources.${id}.options.${f}.${v}`) ?? String(v),
});
