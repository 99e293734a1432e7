import type { CellValue } from 'exceljs';

export interface SheetRow {
  /** Row number in the sheet (header = 1). */
  rowNo: number;
  cells: string[];
}
export interface Sheet {
  headers: string[];
  rows: SheetRow[];
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A cell as the text the user sees: dates as yyyy-mm-dd, numbers without exponent, rich text and links as their text. */
export function cellText(v: CellValue): string {
  if (v == null) return '';
  if (v instanceof Date) return `${v.getUTCFullYear()}-${pad(v.getUTCMonth() + 1)}-${pad(v.getUTCDate())}`;
  if (typeof v === 'number') return Number.isInteger(v) ? v.toFixed(0) : String(v);
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if ('richText' in v) return v.richText.map((r) => r.text).join('').trim();
  if ('text' in v && typeof v.text === 'string') return v.text.trim();
  if ('result' in v) return cellText((v.result ?? null) as CellValue);
  if ('error' in v) return '';
  return '';
}

/** The first worksheet: the header row and every non-empty row after it. */
export async function readSheet(bytes: Buffer, maxRows: number): Promise<Sheet | { error: string }> {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    return { error: 'errors:importUnreadable' };
  }
  const ws = wb.worksheets[0];
  if (!ws || ws.rowCount < 1) return { error: 'errors:importEmpty' };
  const headerRow = ws.getRow(1);
  const width = headerRow.cellCount;
  const headers = Array.from({ length: width }, (_, i) => cellText(headerRow.getCell(i + 1).value));
  const rows: SheetRow[] = [];
  let tooMany = false;
  ws.eachRow({ includeEmpty: false }, (row, rowNo) => {
    if (rowNo === 1 || tooMany) return;
    const cells = Array.from({ length: width }, (_, i) => cellText(row.getCell(i + 1).value));
    if (cells.every((c) => c === '')) return;
    if (rows.length >= maxRows) tooMany = true;
    else rows.push({ rowNo, cells });
  });
  if (tooMany) return { error: 'errors:importTooManyRows' };
  if (rows.length === 0) return { error: 'errors:importEmpty' };
  return { headers, rows };
}
