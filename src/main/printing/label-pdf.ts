import { PDFDocument, PDFNumber, PDFOperator, PDFOperatorNames as Op, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { labelOrigin, labelsPerPage, type LabelContent, type LabelTemplate } from '../../shared/domain/printing/label-template.ts';
import { barcodeBars } from './barcode-path.ts';
import { fontkitFor, type LabelFont } from './label-font.ts';

/** The spec's limit for one print run. */
export const MAX_LABELS = 5000;


export interface RenderOptions {
  template: LabelTemplate;
  font: LabelFont;
  /** Offprint: the first label goes to this position (0-based) of the first, partly used sheet. */
  firstPosition?: number;
}

const PT = 72 / 25.4;
const QUIET_MM = 2;
/** Scanners read modules of 0.19 mm and up; wider than 0.5 mm only wastes the label. */
const MODULE_MM = { min: 0.19, max: 0.5 };

/** The barcode's bars as one filled path of rectangles (pdf-lib's low-level operators). */
function drawBars(page: PDFPage, bars: ReturnType<typeof barcodeBars>, x: number, y: number, module: number, height: number) {
  const ops: PDFOperator[] = [PDFOperator.of(Op.PushGraphicsState), PDFOperator.of(Op.NonStrokingColorGray, [PDFNumber.of(0)])];
  for (const [start, width] of bars.runs) {
    ops.push(PDFOperator.of(Op.AppendRectangle, [x + start * module, y, width * module, height].map((n) => PDFNumber.of(Math.round(n * 1000) / 1000))));
  }
  ops.push(PDFOperator.of(Op.FillNonZero), PDFOperator.of(Op.PopGraphicsState));
  page.pushOperators(...ops);
}

/** Text centred in a box, shrunk until it fits the width. */
function centredText(page: PDFPage, font: PDFFont, text: string, cx: number, baseline: number, size: number, maxWidth: number) {
  let s = size;
  let w = font.widthOfTextAtSize(text, s);
  if (w > maxWidth) {
    s = Math.max(4, (s * maxWidth) / w);
    w = font.widthOfTextAtSize(text, s);
  }
  page.drawText(text, { x: cx - w / 2, y: baseline, size: s, font, color: rgb(0, 0, 0) });
}

/** One position of the calibration page (see the 'calibration' label content). */
function drawCalibration(page: PDFPage, font: PDFFont, position: number, left: number, top: number, lw: number, lh: number) {
  const line = { thickness: 0.3, color: rgb(0, 0, 0) };
  page.drawRectangle({ x: left, y: top - lh, width: lw, height: lh, borderWidth: 0.3, borderColor: rgb(0, 0, 0) });
  const arm = 2 * PT;
  const inset = Math.min(5 * PT, lw / 4, lh / 4);
  for (const [x, y] of [[left + inset, top - inset], [left + lw - inset, top - inset], [left + inset, top - lh + inset], [left + lw - inset, top - lh + inset]] as const) {
    page.drawLine({ start: { x: x - arm, y }, end: { x: x + arm, y }, ...line });
    page.drawLine({ start: { x, y: y - arm }, end: { x, y: y + arm }, ...line });
  }
  // A 10 mm scale with millimetre ticks along the bottom, to read the error off against the label's edge.
  const scale = Math.min(10 * PT, lw - 2 * inset);
  const y0 = top - lh + inset / 2;
  page.drawLine({ start: { x: left + inset, y: y0 }, end: { x: left + inset + scale, y: y0 }, ...line });
  for (let mm = 0; mm * PT <= scale + 0.01; mm++) {
    page.drawLine({ start: { x: left + inset + mm * PT, y: y0 }, end: { x: left + inset + mm * PT, y: y0 + (mm % 5 === 0 ? 1.5 : 0.8) * PT }, ...line });
  }
  centredText(page, font, String(position), left + lw / 2, top - lh / 2 - 4, Math.min(12, lh * 0.3), lw - 2 * inset);
}

/**
 * Labels to a PDF, laid out by the template. Vector barcodes (Code 128, Code 39, EAN-13) and CJK
 * and Latin text in the one font that covers both, subset into the file.
 */
export async function renderLabels(labels: readonly LabelContent[], o: RenderOptions): Promise<Uint8Array> {
  if (labels.length > MAX_LABELS) throw new RangeError(`at most ${MAX_LABELS} labels at once`);
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkitFor(o.font.face));
  const font = await doc.embedFont(o.font.bytes, { subset: true });
  const t = o.template;
  const per = labelsPerPage(t);
  const pageW = (t.kind === 'sheet' ? t.page.width : t.label.width) * PT;
  const pageH = (t.kind === 'sheet' ? t.page.height : t.label.height) * PT;
  const lw = t.label.width * PT;
  const lh = t.label.height * PT;
  let page: PDFPage | null = null;
  let slot = Math.min(Math.max(0, o.firstPosition ?? 0), per - 1);
  for (const label of labels) {
    if (!page || slot >= per) {
      page = doc.addPage([pageW, pageH]);
      if (slot >= per) slot = 0;
    }
    const at = labelOrigin(t, slot);
    const left = at.x * PT;
    const top = pageH - at.y * PT;
    const cx = left + lw / 2;
    if (label.kind === 'barcode') {
      const bars = barcodeBars(label.value, label.format);
      const usable = lw - 2 * QUIET_MM * PT;
      const module = Math.min(MODULE_MM.max * PT, usable / bars.modules);
      if (module < MODULE_MM.min * PT) throw new RangeError(`${label.value} does not fit a ${t.label.width} mm label`);
      const textSize = Math.min(9, lh * 0.16);
      const headSize = label.heading ? Math.min(8, lh * 0.14) : 0;
      const barTop = top - lh * 0.08 - (label.heading ? headSize * 1.3 : 0);
      const barBottom = top - lh + lh * 0.08 + textSize * 1.2;
      if (label.heading) centredText(page, font, label.heading, cx, top - lh * 0.08 - headSize, headSize, lw - 4 * PT);
      drawBars(page, bars, cx - (bars.modules * module) / 2, barBottom, module, Math.max(4, barTop - barBottom));
      centredText(page, font, label.value, cx, top - lh + lh * 0.08, textSize, lw - 4 * PT);
    } else if (label.kind === 'calibration') {
      drawCalibration(page, font, label.position, left, top, lw, lh);
    } else {
      const lines = label.callNumber.split('/').map((s) => s.trim()).filter(Boolean);
      const schoolSize = Math.min(8, lh * 0.12);
      centredText(page, font, label.school, cx, top - lh * 0.06 - schoolSize, schoolSize, lw - 3 * PT);
      const room = lh - lh * 0.12 - schoolSize * 1.4;
      const size = Math.min(16, (room / Math.max(1, lines.length)) * 0.8);
      lines.forEach((line, i) => centredText(page!, font, line, cx, top - lh * 0.06 - schoolSize * 1.4 - (i + 1) * (room / lines.length) + size * 0.3, size, lw - 3 * PT));
    }
    slot += 1;
  }
  if (!page) doc.addPage([pageW, pageH]);
  return doc.save({ useObjectStreams: true });
}
