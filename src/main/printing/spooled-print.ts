import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { durableWrite } from './print-queue.ts';
import type { OsJobState, PrintSystem } from './cups.ts';

/** Silent printing of a PDF file by the platform (Electron's, on Windows: main/printing/pdf-window.ts). */
export interface PdfPrinter {
  printers(): Promise<string[]>;
  /** Resolves once the OS took the job; rejects with the reason it did not (printer missing, offline …). */
  printPdf(file: string, opts: { printer: string; copies: number; title: string }): Promise<void>;
}

interface Entry {
  id: string;
  printer: string;
  title: string;
  file: string;
  copies: number;
  /** held: not sent; printing: being handed to the OS; completed: the OS took it. */
  state: 'held' | 'printing' | 'completed';
}

/**
 * A print system where the OS offers no held jobs to release later (Windows through Electron's
 * silent printing): "held" is our own journal entry, written to disk before its id is returned,
 * and release is the moment the PDF goes to the printer. The queue's guarantee stays: a job is
 * never printed twice. An entry found "printing" after a crash may or may not have reached the
 * printer; it is reported completed rather than sent again (the README says to check that sheet).
 */
export function spooledPrintSystem(pdf: PdfPrinter, dir: string, log: (msg: string) => void = () => {}): PrintSystem {
  mkdirSync(dir, { recursive: true });
  const path = (id: string) => join(dir, `${id}.json`);
  /** Entries this process is printing now (anything else marked printing was cut off by a crash). */
  const printing = new Set<string>();
  const read = (id: string): Entry | null => {
    try {
      return JSON.parse(readFileSync(path(id), 'utf8')) as Entry;
    } catch {
      return null;
    }
  };
  const write = (e: Entry) => durableWrite(path(e.id), JSON.stringify(e));

  return {
    async submitHeld(printer, title, file, copies) {
      const e: Entry = { id: randomUUID(), printer, title, file, copies, state: 'held' };
      await write(e);
      return e.id;
    },
    async release(id) {
      const e = read(id);
      if (!e || e.state !== 'held') return;
      await write({ ...e, state: 'printing' });
      printing.add(id);
      try {
        await pdf.printPdf(e.file, { printer: e.printer, copies: e.copies, title: e.title });
      } catch (err) {
        // Not taken by the OS: held again, and the queue retries with backoff, saying why.
        await write(e);
        throw err;
      } finally {
        printing.delete(id);
      }
      await write({ ...e, state: 'completed' });
    },
    async findPending(printer, title) {
      for (const f of readdirSync(dir)) {
        if (!f.endsWith('.json')) continue;
        const e = read(f.slice(0, -5));
        if (e && e.state === 'held' && e.printer === printer && e.title === title) return e.id;
      }
      return null;
    },
    async cancel(id) {
      if (read(id)?.state === 'held') await rm(path(id), { force: true });
    },
    async state(_printer, id): Promise<OsJobState> {
      const e = read(id);
      if (!e) return 'unknown';
      if (e.state === 'printing' && !printing.has(id)) {
        log(`print job ${e.title} was cut off while going to ${e.printer}; not sent again (check that the labels came out)`);
        await write({ ...e, state: 'completed' });
        return 'completed';
      }
      return e.state === 'printing' ? 'processing' : e.state;
    },
    printers: () => pdf.printers().catch(() => []),
  };
}
