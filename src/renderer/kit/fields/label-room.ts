import { textWidth } from '../grid/columns.ts';

/** An outlined field's empty label sits inside it at 16 px, with 14 px of padding each side. */
const LABEL_PAD = 28;
/** The required mark (" *") after a label. */
const REQUIRED_MARK = 10;

/**
 * The narrowest outlined field whose label is not cut while it is empty ("Place of publica…").
 * A tenth more than the estimate: wide sans fonts (DejaVu, on Linux desks) draw "w" and "m" wider
 * than the grid's estimate allows, and a field a little wide costs nothing.
 */
export const labelRoom = (label: string, required = false): number =>
  Math.ceil(textWidth(label, 16) * 1.1) + LABEL_PAD + (required ? REQUIRED_MARK : 0);

/** A field's width: the layout's wish, or wider when its label needs it. */
export const fieldWidth = (wish: number, label: string, required = false): number => Math.max(wish, labelRoom(label, required));
