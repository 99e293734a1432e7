import { BrowserWindow } from 'electron';
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { PDFDocument } from 'pdf-lib';
import type { PdfPrinter } from './spooled-print.ts';

/** A window of its own session that never shows: the PDF viewer needs `plugins`, nothing else is on. */
const hiddenWindow = () =>
  new BrowserWindow({
    show: false,
    webPreferences: { partition: 'label-printing', sandbox: true, contextIsolation: true, nodeIntegration: false, plugins: true, disableBlinkFeatures: 'Auxclick' },
  });

/** The first page's size in microns (Electron's pageSize unit), so a roll printer gets the label size. */
async function pageSizeOf(file: string): Promise<{ width: number; height: number }> {
  const doc = await PDFDocument.load(await readFile(file), { updateMetadata: false });
  const { width, height } = doc.getPage(0).getSize();
  const um = (pt: number) => Math.round((pt * 25_400) / 72);
  return { width: um(width), height: um(height) };
}

/**
 * Windows (where there is no CUPS): Electron's silent printing of the label PDF, loaded in a hidden
 * window, at 100 % with no margins on the PDF's own page size, so offsets measured on the
 * calibration page hold. Printing a loaded PDF printed blank pages before Electron 32
 * (electron/electron#30947, fixed by #43309); we pin 45.
 */
export function electronPdfPrinter(): PdfPrinter {
  return {
    async printers() {
      const win = hiddenWindow();
      try {
        return (await win.webContents.getPrintersAsync()).map((p) => p.name);
      } finally {
        win.destroy();
      }
    },
    async printPdf(file, o) {
      const pageSize = await pageSizeOf(file);
      const win = hiddenWindow();
      try {
        await win.loadURL(pathToFileURL(file).href);
        await new Promise<void>((resolve, reject) => {
          win.webContents.print(
            { silent: true, deviceName: o.printer, copies: o.copies, printBackground: true, scaleFactor: 100, margins: { marginType: 'none' }, pageSize },
            (ok, why) => (ok ? resolve() : reject(new Error(why || 'the printer did not take the job'))),
          );
        });
      } finally {
        win.destroy();
      }
    },
  };
}
