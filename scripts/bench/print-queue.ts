import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEMPLATE_PRESETS } from '../../src/shared/domain/printing/label-template.ts';
import { findLabelFont } from '../../src/main/printing/label-font.ts';
import { renderLabels } from '../../src/main/printing/label-pdf.ts';
import { PrintQueue } from '../../src/main/printing/print-queue.ts';
import { cups } from '../../src/main/printing/cups.ts';

/**
 * Issue 8's queue figure: 20 jobs of 30 labels (one A4 sheet each) through the durable queue to a
 * real CUPS printer (a PDF printer here: LIB_TEST_PRINTER), from enqueue to the last one done.
 * The PDFs are made first; this times the journal, the held-then-released hand-over and CUPS.
 */
export async function measurePrintQueue(printer: string, jobs = 20): Promise<{ ms: number; jobsPerMin: number; labelsPerMin: number } | null> {
  const font = findLabelFont();
  if (!font) return null;
  const dir = mkdtempSync(join(tmpdir(), 'bench-queue-'));
  try {
    const pdfs = await Promise.all(Array.from({ length: jobs }, (_, j) =>
      renderLabels(Array.from({ length: 30 }, (_, i) => ({ kind: 'barcode' as const, value: `B${String(j * 30 + i).padStart(7, '0')}`, format: 'CODE128' as const })), { template: TEMPLATE_PRESETS[0]!, font })));
    const queue = PrintQueue.open(dir, cups, { pollMs: 50, backoffMs: 200 });
    const a = performance.now();
    for (const [j, pdf] of pdfs.entries()) await queue.enqueue({ title: `bench ${j}`, printer, labels: 30, pdf });
    queue.start();
    await queue.drained(300_000);
    const ms = performance.now() - a;
    await queue.stop();
    return { ms, jobsPerMin: (jobs / ms) * 60_000, labelsPerMin: ((jobs * 30) / ms) * 60_000 };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) console.log(await measurePrintQueue(process.env.LIB_TEST_PRINTER ?? 'LibraryLabelsPDF'));
