import { mkdtempSync, rmSync, writeFileSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { PrintQueue, type PrintJob } from './print-queue.ts';
import { spooledPrintSystem, type PdfPrinter } from './spooled-print.ts';
import { fakeElectron, FakeBrowserWindow, FakeWebContents, resetFakeElectron } from '../testing/fake-electron.ts';

vi.mock('electron', async () => (await import('../testing/fake-electron.ts')).fakeElectron);

/** A Windows printer as Electron's silent printing sees it: takes a PDF or says why not. */
function fakePdfPrinter() {
  const p = {
    printed: [] as { file: string; printer: string; copies: number }[],
    offline: false,
    async printers() {
      return ['Labels'];
    },
    async printPdf(file: string, o: { printer: string; copies: number }) {
      if (p.offline) throw new Error('PRINTER_OFFLINE');
      p.printed.push({ file, printer: o.printer, copies: o.copies });
    },
  };
  return p satisfies PdfPrinter;
}

const pdf = Uint8Array.from([0x25, 0x50, 0x44, 0x46]);
let dirs: string[] = [];
const dir = () => {
  const d = mkdtempSync(join(tmpdir(), 'spool-'));
  dirs.push(d);
  return d;
};
beforeEach(() => resetFakeElectron());
afterEach(() => {
  dirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
  dirs = [];
});

describe('spooled print system (Windows): the queue without held jobs at the OS', () => {
  it('prints each job once through the queue, in order; an offline printer is retried, saying why', async () => {
    const printer = fakePdfPrinter();
    const q = PrintQueue.open(dir(), spooledPrintSystem(printer, dir()), { pollMs: 5, backoffMs: 10, maxBackoffMs: 20 });
    printer.offline = true;
    const jobs: PrintJob[] = [];
    for (let i = 0; i < 3; i++) jobs.push(await q.enqueue({ title: `书标 ${i}`, printer: 'Labels', copies: 2, labels: 10, pdf }));
    q.start();
    await vi.waitFor(() => expect(q.list()[0]).toMatchObject({ state: 'held', lastError: 'PRINTER_OFFLINE' }));
    expect(printer.printed).toEqual([]);
    printer.offline = false;
    await q.drained(5000);
    await q.stop();
    expect(printer.printed.map((p) => p.file)).toEqual(jobs.map((j) => expect.stringContaining(`${j.id}.pdf`)));
    expect(printer.printed.every((p) => p.copies === 2 && p.printer === 'Labels')).toBe(true);
  });

  it('after a crash: a held entry prints once; one cut off while printing is not sent again', async () => {
    for (const crash of ['held', 'printing'] as const) {
      const printer = fakePdfPrinter();
      const spool = dir();
      const qd = dir();
      const sys = spooledPrintSystem(printer, spool);
      const job = await PrintQueue.open(qd, sys).enqueue({ title: crash, printer: 'Labels', labels: 1, pdf });
      const osJob = await sys.submitHeld('Labels', 't', join(qd, `${job.id}.pdf`), 1);
      if (crash === 'printing') {
        const f = join(spool, `${osJob}.json`);
        writeFileSync(f, JSON.stringify({ ...JSON.parse(readFileSync(f, 'utf8')), state: 'printing' }));
      }
      writeFileSync(join(qd, `${job.id}.json`), JSON.stringify({ ...job, state: 'held', osJob }));
      // The app starts again: a new system over the same spool journal.
      const q = PrintQueue.open(qd, spooledPrintSystem(printer, spool), { pollMs: 5 });
      q.start();
      await q.drained(5000);
      await q.stop();
      expect(printer.printed.length, crash).toBe(crash === 'held' ? 1 : 0);
      expect(q.list()[0]!.state).toBe('done');
    }
  });

  it('a crash between handing the job over and journaling its id: the leftover entry is cancelled, the job prints once', async () => {
    const printer = fakePdfPrinter();
    const spool = dir();
    const qd = dir();
    const sys = spooledPrintSystem(printer, spool);
    const job = await PrintQueue.open(qd, sys).enqueue({ title: 'x', printer: 'Labels', labels: 1, pdf });
    const { osTitle } = await import('./print-queue.ts');
    await sys.submitHeld('Labels', osTitle(job), join(qd, `${job.id}.pdf`), 1);
    writeFileSync(join(qd, `${job.id}.json`), JSON.stringify({ ...job, state: 'submitting' }));
    const q = PrintQueue.open(qd, spooledPrintSystem(printer, spool), { pollMs: 5 });
    q.start();
    await q.drained(5000);
    await q.stop();
    expect(printer.printed).toHaveLength(1);
    expect(readdirSync(spool)).toHaveLength(1);
  });
});

describe('electronPdfPrinter: Electron silent printing of the label PDF', () => {
  it('prints at 100 % with no margins on the PDF page size, in a hidden window of its own session', async () => {
    const { electronPdfPrinter } = await import('./pdf-window.ts');
    const doc = await PDFDocument.create();
    doc.addPage([(100 * 72) / 25.4, (50 * 72) / 25.4]); // 100 × 50 mm
    const file = join(dir(), 'labels.pdf');
    writeFileSync(file, await doc.save());
    const p = electronPdfPrinter();
    expect(await p.printers()).toEqual(['Labels']);
    await p.printPdf(file, { printer: 'Labels', copies: 3, title: 'lib-1' });
    const win = FakeBrowserWindow.instances.at(-1)!;
    expect(win.options).toMatchObject({ show: false, webPreferences: { partition: 'label-printing', sandbox: true, contextIsolation: true, nodeIntegration: false } });
    expect(win.webContents.loaded).toEqual([`file://${file}`]);
    expect(win.webContents.printed[0]).toMatchObject({ silent: true, deviceName: 'Labels', copies: 3, scaleFactor: 100, margins: { marginType: 'none' }, pageSize: { width: 100_000, height: 50_000 } });
    expect(win.destroyed).toBe(true);
    FakeWebContents.printAnswer = [false, 'Invalid deviceName provided'];
    await expect(p.printPdf(file, { printer: 'Nope', copies: 1, title: 'lib-2' })).rejects.toThrow('Invalid deviceName provided');
    expect(FakeBrowserWindow.instances.at(-1)!.destroyed).toBe(true);
    expect(fakeElectron.app).toBeDefined();
  });
});
