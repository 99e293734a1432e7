import { PDFDocument, PDFNumber, PDFOperator, PDFOperatorNames as Op, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import qrcode from 'qrcode-generator';
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

/** A QR code of `value` (error correction M): its size in modules and whether a module is dark. */
function qrMatrix(value: string) {
  const qr = qrcode(0, 'M');
  qr.addData(value);
  qr.make();
  return { n: qr.getModuleCount(), dark: (row: number, col: number) => qr.isDark(row, col) };
}

/** A QR code's dark modules as one filled path, each row's runs merged into rectangles. */
function drawQr(page: PDFPage, qr: ReturnType<typeof qrMatrix>, x: number, y: number, size: number) {
  const { n, dark } = qr;
  const m = size / n;
  const ops: PDFOperator[] = [PDFOperator.of(Op.PushGraphicsState), PDFOperator.of(Op.NonStrokingColorGray, [PDFNumber.of(0)])];
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n; ) {
      if (!dark(row, col)) { col += 1; continue; }
      let end = col;
      while (end < n && dark(row, end)) end += 1;
      // PDF's y grows upwards: row 0 is the top.
      ops.push(PDFOperator.of(Op.AppendRectangle, [x + col * m, y + size - (row + 1) * m, (end - col) * m, m].map((v) => PDFNumber.of(Math.round(v * 1000) / 1000))));
      col = end;
    }
  }
  ops.push(PDFOperator.of(Op.FillNonZero), PDFOperator.of(Op.PopGraphicsState));
  page.pushOperators(...ops);
}

/** Text left-aligned, shrunk until it fits the width. */
function leftText(page: PDFPage, font: PDFFont, text: string, x: number, baseline: number, size: number, maxWidth: number) {
  let s = size;
  const w = font.widthOfTextAtSize(text, s);
  if (w > maxWidth) s = Math.max(4, (s * maxWidth) / w);
  page.drawText(text, { x, y: baseline, size: s, font, color: rgb(0, 0, 0) });
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

/**
 * A reader card: the heading over a rule, the photo on the left (its proportions kept), the
 * lines beside it (the first, the name, larger), and the card number as a barcode along the
 * bottom or a QR code in the bottom-right corner, with the number in text.
 */
async function drawCard(doc: PDFDocument, page: PDFPage, font: PDFFont, card: Extract<LabelContent, { kind: 'card' }>, left: number, top: number, lw: number, lh: number) {
  const pad = 3 * PT;
  const headSize = Math.min(10, lh * 0.07);
  centredText(page, font, card.heading, left + lw / 2, top - pad - headSize, headSize, lw - 2 * pad);
  const ruleY = top - pad - headSize * 1.5;
  page.drawLine({ start: { x: left + pad, y: ruleY }, end: { x: left + lw - pad, y: ruleY }, thickness: 0.5, color: rgb(0, 0, 0) });
  const qr = card.code === 'QR';
  const codeH = qr ? Math.min(lh * 0.42, lw * 0.28) : lh * 0.2;
  const valueSize = Math.min(8, lh * 0.055);
  let textLeft = left + pad;
  if (card.photo) {
    const bytes = Buffer.from(card.photo.base64, 'base64');
    const image = card.photo.type === 'png' ? await doc.embedPng(bytes) : await doc.embedJpg(bytes);
    const boxW = lw * 0.26;
    const boxH = ruleY - (top - lh) - pad - (qr ? 0 : codeH + valueSize * 1.6);
    const scale = Math.min(boxW / image.width, boxH / image.height);
    page.drawImage(image, { x: left + pad, y: ruleY - pad * 0.7 - image.height * scale, width: image.width * scale, height: image.height * scale });
    textLeft = left + pad + boxW + pad;
  }
  // Room for the QR code and its blank margin (at most a third of the card).
  const textRight = qr ? left + lw - codeH - 2 * Math.max(pad, (4 * codeH) / 21) : left + lw - pad;
  card.lines.forEach((line, i) => {
    const size = i === 0 ? Math.min(13, lh * 0.1) : Math.min(9, lh * 0.07);
    const baseline = ruleY - pad - (i === 0 ? size : Math.min(13, lh * 0.1) * 1.5 + i * Math.min(9, lh * 0.07) * 1.5 - Math.min(9, lh * 0.07) * 0.5);
    leftText(page, font, line, textLeft, baseline, size, textRight - textLeft);
  });
  if (qr) {
    // Scanners need four modules of blank around a QR code: kept from the card's edge, the
    // number under it and the text beside it.
    const matrix = qrMatrix(card.value);
    const quiet = Math.max(pad, (4 * codeH) / matrix.n);
    const x = left + lw - quiet - codeH;
    const y = top - lh + pad + valueSize + quiet;
    drawQr(page, matrix, x, y, codeH);
    centredText(page, font, card.value, x + codeH / 2, top - lh + pad, valueSize, codeH + pad);
  } else {
    const bars = barcodeBars(card.value, 'CODE128');
    const width = Math.min(lw - 2 * pad - (textLeft - left - pad), bars.modules * MODULE_MM.max * PT);
    const module = width / bars.modules;
    if (module < MODULE_MM.min * PT) throw new RangeError(`${card.value} does not fit a ${lw / PT} mm card`);
    const cx = textLeft + (left + lw - pad - textLeft) / 2;
    drawBars(page, bars, cx - width / 2, top - lh + pad + valueSize * 1.4, module, codeH);
    centredText(page, font, card.value, cx, top - lh + pad, valueSize, lw - 2 * pad);
  }
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
    } else if (label.kind === 'card') {
      await drawCard(doc, page, font, label, left, top, lw, lh);
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
