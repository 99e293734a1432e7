/**
 * Shelf positions (架位号): one per face × layer × column of a shelf. The code is what the
 * position label carries: `<shelf code>-<face>-<layer>-<column>` (column two digits so labels
 * sort in shelf order), e.g. A01-1-3-02. Shared by the seed, the gateway and the preview.
 */
export interface ShelfShape {
  code: string;
  faces: number;
  layers: number;
  columns: number;
}

export interface PositionSlot {
  code: string;
  face: number;
  layer: number;
  col: number;
}

/** Limits of one shelf so a batch stays printable (spec: at most 5000 labels at once). */
export const SHELF_LIMITS = { faces: 2, layers: 12, columns: 40, widthCm: 2000 } as const;

export function positionCode(shelfCode: string, face: number, layer: number, col: number): string {
  return `${shelfCode}-${face}-${layer}-${String(col).padStart(2, '0')}`;
}

/** Every slot of a shelf in label order: face, then layer (top = 1), then column. */
export function positionsOf(shelf: ShelfShape): PositionSlot[] {
  const out: PositionSlot[] = [];
  for (let face = 1; face <= shelf.faces; face++) {
    for (let layer = 1; layer <= shelf.layers; layer++) {
      for (let col = 1; col <= shelf.columns; col++) out.push({ code: positionCode(shelf.code, face, layer, col), face, layer, col });
    }
  }
  return out;
}
