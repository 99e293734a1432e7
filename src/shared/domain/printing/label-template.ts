import { z } from 'zod';

/**
 * A label layout, in millimetres: a sheet (A4 or Letter, rows × columns of labels with margins
 * and gaps) or a roll (one label after another on a thermal printer). Offsets move everything by
 * tenths of a millimetre to match a printer's own drift (printed with the calibration page).
 * Held client-side, per desk and printer, as the spec says.
 */
const mm = (max: number) => z.number().min(0).max(max);
const offset = z.number().min(-20).max(20).multipleOf(0.1);

export const sheetTemplateSchema = z.object({
  kind: z.literal('sheet'),
  name: z.string().min(1).max(60),
  page: z.object({ width: mm(1000), height: mm(1000) }),
  rows: z.number().int().min(1).max(60),
  cols: z.number().int().min(1).max(20),
  label: z.object({ width: mm(300).min(5), height: mm(300).min(5) }),
  margin: z.object({ top: mm(100), left: mm(100) }),
  gap: z.object({ x: mm(50), y: mm(50) }),
  offset: z.object({ x: offset, y: offset }),
});
export const rollTemplateSchema = z.object({
  kind: z.literal('roll'),
  name: z.string().min(1).max(60),
  label: z.object({ width: mm(300).min(5), height: mm(300).min(5) }),
  offset: z.object({ x: offset, y: offset }),
});
export const labelTemplateSchema = z.discriminatedUnion('kind', [sheetTemplateSchema, rollTemplateSchema]);
export type LabelTemplate = z.infer<typeof labelTemplateSchema>;
export type SheetTemplate = z.infer<typeof sheetTemplateSchema>;

export const PAGE_SIZES = { A4: { width: 210, height: 297 }, Letter: { width: 215.9, height: 279.4 } } as const;

/** Starting points; margins differ between makers by about a millimetre, hence the offsets. */
export const TEMPLATE_PRESETS: readonly LabelTemplate[] = [
  { kind: 'sheet', name: 'A4 3 × 10 (70 × 25.4 mm)', page: PAGE_SIZES.A4, rows: 10, cols: 3, label: { width: 70, height: 25.4 }, margin: { top: 21.5, left: 0 }, gap: { x: 0, y: 0 }, offset: { x: 0, y: 0 } },
  { kind: 'sheet', name: 'A4 spine 5 × 13 (38 × 21 mm)', page: PAGE_SIZES.A4, rows: 13, cols: 5, label: { width: 38, height: 21 }, margin: { top: 11, left: 10 }, gap: { x: 0, y: 0 }, offset: { x: 0, y: 0 } },
  { kind: 'sheet', name: 'Letter 3 × 10 (Avery 5160)', page: PAGE_SIZES.Letter, rows: 10, cols: 3, label: { width: 66.675, height: 25.4 }, margin: { top: 12.7, left: 4.7625 }, gap: { x: 3.175, y: 0 }, offset: { x: 0, y: 0 } },
  { kind: 'roll', name: 'Roll 50 × 30 mm', label: { width: 50, height: 30 }, offset: { x: 0, y: 0 } },
  // Reader cards: ISO/IEC 7810 ID-1 (CR80), on a card printer or on A4 sheets of ten.
  { kind: 'roll', name: 'Card CR80 (85.6 × 54 mm)', label: { width: 85.6, height: 54 }, offset: { x: 0, y: 0 } },
  { kind: 'sheet', name: 'A4 cards 2 × 5 (85.6 × 54 mm)', page: PAGE_SIZES.A4, rows: 5, cols: 2, label: { width: 85.6, height: 54 }, margin: { top: 13.5, left: 19.4 }, gap: { x: 0, y: 0 }, offset: { x: 0, y: 0 } },
];

/** Whether a template is sized for reader cards (CR80 or larger), the ones /userprint offers. */
export const fitsCards = (t: LabelTemplate) => t.label.width >= 80 && t.label.height >= 50;

export const labelsPerPage = (t: LabelTemplate) => (t.kind === 'sheet' ? t.rows * t.cols : 1);

/** Where label `index` of a page sits: its top-left corner from the page's top-left, in mm. */
export function labelOrigin(t: LabelTemplate, index: number): { x: number; y: number } {
  if (t.kind === 'roll') return { x: t.offset.x, y: t.offset.y };
  const row = Math.floor(index / t.cols);
  const col = index % t.cols;
  return {
    x: t.margin.left + col * (t.label.width + t.gap.x) + t.offset.x,
    y: t.margin.top + row * (t.label.height + t.gap.y) + t.offset.y,
  };
}

export const BARCODE_FORMATS = ['CODE128', 'CODE39', 'EAN13'] as const;
export type BarcodeFormat = (typeof BARCODE_FORMATS)[number];

/** What one label shows (main/printing/label-pdf.ts lays it out). */
export const labelContentSchema = z.discriminatedUnion('kind', [
  /** A copy's (or reader's) barcode with its digits under it and an optional line above. */
  z.object({ kind: z.literal('barcode'), value: z.string().min(1).max(64).regex(/^[\x20-\x7E]+$/), format: z.enum(BARCODE_FORMATS), heading: z.string().max(60).optional() }),
  /** A spine label: the school's name, then the call number, one part a line (I247.5 / 123 / 2). */
  z.object({ kind: z.literal('spine'), school: z.string().max(60), callNumber: z.string().min(1).max(100) }),
  /**
   * The calibration page's mark for one label position: the label's outline, crosshairs 5 mm in
   * from its corners, its position number and a 10 mm scale. Printed on plain paper and laid over
   * a label sheet against the light, it shows how far the printer is off, in tenths of a mm.
   */
  z.object({ kind: z.literal('calibration'), position: z.number().int().min(1).max(1200) }),
  /**
   * A reader card: a heading (school and card name), up to three lines (name, class, identity),
   * the card number as a Code 128 barcode or a QR code with the number under it, and the
   * reader's photo when there is one (JPEG or PNG, base64, at most 300 kB).
   */
  z.object({
    kind: z.literal('card'),
    heading: z.string().max(60),
    lines: z.array(z.string().max(60)).max(3),
    value: z.string().min(1).max(64).regex(/^[\x20-\x7E]+$/),
    code: z.enum(['CODE128', 'QR']),
    photo: z.object({ type: z.enum(['jpg', 'png']), base64: z.string().max(400_000).regex(/^[A-Za-z0-9+/]*={0,2}$/) }).optional(),
  }),
]);
export type LabelContent = z.infer<typeof labelContentSchema>;

/**
 * Whether a sheet template's labels lie on its page: the last column and row end inside the
 * page (offsets aside, which only move what is printed). A roll label always fits.
 */
export function templateFits(t: LabelTemplate): boolean {
  if (t.kind === 'roll') return true;
  const right = t.margin.left + t.cols * t.label.width + (t.cols - 1) * t.gap.x;
  const bottom = t.margin.top + t.rows * t.label.height + (t.rows - 1) * t.gap.y;
  return right <= t.page.width + 0.01 && bottom <= t.page.height + 0.01;
}

export const LABEL_KINDS = ['barcode', 'spine', 'card'] as const;
export type LabelKind = (typeof LABEL_KINDS)[number];

/**
 * A desk's label styles as a file, to carry them to another desk (the spec keeps print styles
 * client-side): its own templates, the offsets measured for each template with this desk's
 * printer, the printer chosen per template, and the template and barcode type last used per
 * kind of label. Presets are not in the file; every desk has them.
 */
export const labelStylesSchema = z.object({
  format: z.literal('school-library.label-styles'),
  version: z.literal(1),
  templates: z.array(labelTemplateSchema).max(50),
  offsets: z.record(z.string().max(60), z.object({ x: offset, y: offset })),
  printers: z.record(z.string().max(60), z.string().max(127)),
  choice: z.partialRecord(z.enum(LABEL_KINDS), z.object({ template: z.string().max(60), format: z.enum(BARCODE_FORMATS) })),
});
export type LabelStyles = z.infer<typeof labelStylesSchema>;
