import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TEMPLATE_PRESETS, templateFits, type LabelTemplate } from '../../shared/domain/printing/label-template.ts';
import { findLabelFont } from './label-font.ts';
import { MAX_LABELS, renderLabels } from './label-pdf.ts';
import type { LabelContent } from '../../shared/domain/printing/label-template.ts';

const dir = mkdtempSync(join(tmpdir(), 'labels-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const font = findLabelFont();
const A4 = TEMPLATE_PRESETS[0]!;

/** Every barcode symbol zbarimg finds on the PDF's pages, rasterised at 300 dpi by pdftoppm. */
function decode(pdf: Uint8Array, name: string): string[] {
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  execFileSync('pdftoppm', ['-r', '300', '-png', file, join(dir, name)]);
  const pngs = readdirSync(dir).filter((f) => f.startsWith(`${name}-`) && f.endsWith('.png')).map((f) => join(dir, f));
  let out = '';
  try {
    out = execFileSync('zbarimg', ['-q', ...pngs], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  } catch (e) {
    out = (e as { stdout?: string }).stdout ?? '';
  }
  return out.split('\n').filter(Boolean);
}
const text = (pdf: Uint8Array, name: string) => {
  const file = join(dir, `${name}-t.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
};

describe.skipIf(!font)('label PDFs', () => {
  it('every Code 128, Code 39 and EAN-13 barcode on a sheet decodes to its value', () => {
    const labels: LabelContent[] = [
      ...Array.from({ length: 24 }, (_, i): LabelContent => ({ kind: 'barcode', value: `T${String(1000 + i).padStart(8, '0')}`, format: 'CODE128', heading: '北京市第一实验学校' })),
      { kind: 'barcode', value: 'LIB-0042', format: 'CODE39' },
      { kind: 'barcode', value: '9787020002207', format: 'EAN13' },
    ];
    return renderLabels(labels, { template: A4, font: font! }).then((pdf) => {
      const found = decode(pdf, 'sheet').sort();
      const want = [...labels.slice(0, 24).map((l) => `CODE-128:${(l as { value: string }).value}`), 'CODE-39:LIB-0042', 'EAN-13:9787020002207'].sort();
      expect(found).toEqual(want);
      expect(text(pdf, 'sheet')).toContain('北京市第一实验学校');
    });
  });

  it('spine labels carry the school and the call number in CJK and Latin', async () => {
    const spine = TEMPLATE_PRESETS[1]!;
    const pdf = await renderLabels([{ kind: 'spine', school: '第一实验学校', callNumber: 'I247.5/123/2' }], { template: spine, font: font! });
    const t = text(pdf, 'spine');
    for (const s of ['第一实验学校', 'I247.5', '123']) expect(t).toContain(s);
  });

  it('offprint starts at any position of a partly used sheet; a roll is one label a page', async () => {
    const labels = Array.from({ length: 5 }, (_, i): LabelContent => ({ kind: 'barcode', value: `P${i}0000`, format: 'CODE128' }));
    const sheet = await renderLabels(labels, { template: A4, font: font!, firstPosition: 28 });
    // Positions 28 and 29 of the first page, then three on a second page.
    expect(execFileSync('pdfinfo', [(writeFileSync(join(dir, 'off.pdf'), sheet), join(dir, 'off.pdf'))], { encoding: 'utf8' })).toMatch(/Pages:\s+2/);
    expect(decode(sheet, 'off').sort()).toEqual(labels.map((l) => `CODE-128:${(l as { value: string }).value}`).sort());
    const roll: LabelTemplate = TEMPLATE_PRESETS[3]!;
    const r = await renderLabels(labels.slice(0, 3), { template: roll, font: font! });
    writeFileSync(join(dir, 'roll.pdf'), r);
    expect(execFileSync('pdfinfo', [join(dir, 'roll.pdf')], { encoding: 'utf8' })).toMatch(/Pages:\s+3/);
  });

  it('the calibration page outlines every label position, numbered, where the offsets move it', async () => {
    const marks = () => Array.from({ length: 30 }, (_, i): LabelContent => ({ kind: 'calibration', position: i + 1 }));
    const plain = await renderLabels(marks(), { template: A4, font: font! });
    const words = text(plain, 'calib').split(/\s+/).filter((w) => /^\d+$/.test(w)).map(Number);
    expect(words.sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    // The first label's top edge (margin 21.5 mm) and left edge (0) on a 100 dpi raster, then 2 mm right and 1.5 mm down.
    const firstInk = (pdf: Uint8Array, name: string) => {
      const file = join(dir, `${name}.pdf`);
      writeFileSync(file, pdf);
      execFileSync('pdftoppm', ['-r', '100', '-gray', '-singlefile', file, join(dir, name)]);
      const pgm = readFileSync(join(dir, `${name}.pgm`));
      const [, w, h] = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.subarray(0, 40).toString('latin1'))!.map(Number) as [string, number, number];
      const data = pgm.subarray(pgm.length - w * h);
      let top = h, left = w;
      for (let y = 0; y < h / 3; y++) for (let x = 0; x < w / 3; x++) if (data[y * w + x]! < 128) { top = Math.min(top, y); left = Math.min(left, x); }
      return { top, left };
    };
    const a = firstInk(plain, 'calib-a');
    expect(a.top).toBeGreaterThanOrEqual(Math.floor((21.5 / 25.4) * 100) - 1);
    expect(a.top).toBeLessThanOrEqual(Math.ceil((21.5 / 25.4) * 100) + 1);
    const moved = await renderLabels(marks(), { template: { ...A4, offset: { x: 2, y: 1.5 } }, font: font! });
    const b = firstInk(moved, 'calib-b');
    expect(Math.abs(b.left - a.left - (2 / 25.4) * 100)).toBeLessThanOrEqual(1.5);
    expect(Math.abs(b.top - a.top - (1.5 / 25.4) * 100)).toBeLessThanOrEqual(1.5);
  });

  it('reader cards: heading, name and class, photo, and the card number as a QR code or a barcode that decodes', async () => {
    // A 2 × 2 grey PNG, made by hand: enough for pdf-lib to embed and pdfimages to list.
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAAAAABX3VL4AAAADklEQVR4nGNoaGBoaAAABgYCASzBUNcAAAAASUVORK5CYII=';
    const cards: LabelContent[] = [
      { kind: 'card', heading: '北京市第一实验学校 借阅证', lines: ['林小雨', '三年级（2）班', '学生'], value: 'R20260001', code: 'QR', photo: { type: 'png', base64: png } },
      { kind: 'card', heading: 'Library card', lines: ['Lin Xiaoyu', 'Grade 3 Class 2'], value: 'R20260002', code: 'CODE128' },
    ];
    const cr80 = TEMPLATE_PRESETS.find((p) => p.name.startsWith('Card CR80'))!;
    const pdf = await renderLabels(cards, { template: cr80, font: font! });
    expect(decode(pdf, 'cards').sort()).toEqual(['CODE-128:R20260002', 'QR-Code:R20260001']);
    const t = text(pdf, 'cards');
    for (const s of ['北京市第一实验学校 借阅证', '林小雨', '三年级（2）班', 'Lin Xiaoyu', 'R20260001']) expect(t).toContain(s);
    writeFileSync(join(dir, 'cards-i.pdf'), pdf);
    expect(execFileSync('pdfimages', ['-list', join(dir, 'cards-i.pdf')], { encoding: 'utf8' }).trim().split('\n')).toHaveLength(3);
    const sheet = TEMPLATE_PRESETS.find((p) => p.name.startsWith('A4 cards'))!;
    expect(templateFits(sheet)).toBe(true);
    // Ten cards on one A4 sheet; each one's QR code decodes (one card a page: zbar misses some
    // codes on a page full of them, depending on the resolution).
    const ten = Array.from({ length: 10 }, (_, i): LabelContent => ({ kind: 'card', heading: 'Card', lines: [`Reader ${i}`], value: `R${1000 + i}`, code: 'QR' }));
    const onSheet = await renderLabels(ten, { template: sheet, font: font! });
    writeFileSync(join(dir, 'cards10.pdf'), onSheet);
    expect(execFileSync('pdfinfo', [join(dir, 'cards10.pdf')], { encoding: 'utf8' })).toMatch(/Pages:\s+1\n/);
    for (let i = 0; i < 10; i++) expect(text(onSheet, 'cards10')).toContain(`Reader ${i}`);
    expect(decode(await renderLabels(ten, { template: cr80, font: font! }), 'cards10r').sort()).toEqual(ten.map((_, i) => `QR-Code:R${1000 + i}`));
  });

  it('refuses more than 5000 labels and a barcode too long for its label', async () => {
    await expect(renderLabels(Array.from({ length: MAX_LABELS + 1 }, () => ({ kind: 'barcode', value: 'X', format: 'CODE128' })), { template: A4, font: font! })).rejects.toThrow(/5000/);
    await expect(renderLabels([{ kind: 'barcode', value: 'X'.repeat(60), format: 'CODE128' }], { template: A4, font: font! })).rejects.toThrow(/does not fit/);
  });
});
