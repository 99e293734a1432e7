import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, rgb } from 'pdf-lib';
import * as fontkit from 'fontkit';
import { labelOrigin, labelsPerPage, TEMPLATE_PRESETS } from '../../src/shared/domain/printing/label-template.ts';
import { findLabelFont } from '../../src/main/printing/label-font.ts';
import { barcodeBars } from '../../src/main/printing/barcode-path.ts';
import { renderLabels } from '../../src/main/printing/label-pdf.ts';
import type { LabelContent } from '../../src/shared/domain/printing/label-template.ts';

const PT = 72 / 25.4;

/**
 * The naive rendering the budget is measured against: the same labels with pdf-lib the way its
 * README shows it — one rectangle per bar, text shaped by fontkit.
 */
async function naive(labels: Array<{ value: string; heading: string }>, fontBytes: Uint8Array, face?: string) {
  const t = TEMPLATE_PRESETS[0]!;
  const doc = await PDFDocument.create();
  doc.registerFontkit({ create: (b: Uint8Array) => { const f = fontkit.create(Buffer.from(b), face); return 'fonts' in (f as object) ? (f as fontkit.FontCollection).fonts[0] : f; } } as never);
  const font = await doc.embedFont(fontBytes, { subset: false });
  const per = labelsPerPage(t);
  const [pw, ph] = [t.kind === 'sheet' ? t.page.width * PT : 0, t.kind === 'sheet' ? t.page.height * PT : 0];
  let page = doc.addPage([pw, ph]);
  labels.forEach((l, i) => {
    if (i && i % per === 0) page = doc.addPage([pw, ph]);
    const at = labelOrigin(t, i % per);
    const x = at.x * PT + 6;
    const top = ph - at.y * PT;
    for (const [s, w] of barcodeBars(l.value, 'CODE128').runs) page.drawRectangle({ x: x + s * 1.2, y: top - 55, width: w * 1.2, height: 35, color: rgb(0, 0, 0) });
    page.drawText(l.heading, { x, y: top - 15, size: 7, font });
    page.drawText(l.value, { x, y: top - 66, size: 8, font });
  });
  return doc.save();
}

/** Issue 8's label figure: 5000 Code 128 labels to one PDF (time, peak heap), beside the naive way. */
export async function measureLabels(opts: { naive: boolean } = { naive: true }): Promise<Record<string, number> | null> {
  const font = findLabelFont();
  if (!font) return null; // no CJK font on this machine (apt-get install fonts-noto-cjk)
  const data = Array.from({ length: 5000 }, (_, i) => ({ value: `T${String(i).padStart(8, '0')}`, heading: '北京市第一实验学校' }));
  const labels: LabelContent[] = data.map((d) => ({ kind: 'barcode', value: d.value, format: 'CODE128', heading: d.heading }));
  await renderLabels(labels.slice(0, 30), { template: TEMPLATE_PRESETS[0]!, font }); // warm up
  const a = performance.now();
  const pdf = await renderLabels(labels, { template: TEMPLATE_PRESETS[0]!, font });
  const ms = performance.now() - a;
  // The most memory the process ever held (resident), read before the naive run: it bounds the
  // heap from above, and this process does nothing else (run.ts starts it on its own).
  const peakMb = process.resourceUsage().maxRSS / 1024;
  let naiveMs = 0;
  if (opts.naive) {
    const b = performance.now();
    await naive(data, font.bytes, font.face);
    naiveMs = performance.now() - b;
  }
  // The last page's barcodes, rasterised and decoded.
  const dir = mkdtempSync(join(tmpdir(), 'bench-labels-'));
  try {
    writeFileSync(join(dir, 'l.pdf'), pdf);
    const pages = Math.ceil(5000 / 30);
    execFileSync('pdftoppm', ['-r', '300', '-png', '-f', String(pages), '-l', String(pages), join(dir, 'l.pdf'), join(dir, 'p')]);
    const out = execFileSync('sh', ['-c', `zbarimg -q ${dir}/p-*.png 2>/dev/null || true`], { encoding: 'utf8' });
    return { ms, naiveMs, peakMb, bytes: pdf.length, decodedLastPage: out.split('\n').filter(Boolean).length, onLastPage: 5000 - (pages - 1) * 30 };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// `node scripts/bench/labels.ts --json [--ours]`: one fresh process, so its memory is the labels'
// alone; run.ts starts ours with --max-old-space-size=200 to show it fits the heap budget.
if (import.meta.main) {
  const r = await measureLabels({ naive: !process.argv.includes('--ours') });
  console.log(process.argv.includes('--json') ? JSON.stringify(r) : r);
}
