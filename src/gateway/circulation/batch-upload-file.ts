import type { CellValue } from 'exceljs';
import { formatOffset } from '../../shared/domain/borrowing/local-days.ts';
import { FIRST_DAY, LAST_DAY, normalizeText } from '../../shared/domain/fields.ts';

/**
 * Reads an offline desk's file (/batchdata): .xlsx (first sheet) or .csv (UTF-8, or GB18030 as
 * Excel saves CSV on Chinese Windows), one transaction a line: time, kind, reader card, barcode.
 * Columns are found by their header (Chinese or English names); without a known header the first
 * four columns are taken in that order. Times are the school's local wall-clock time.
 */

export interface FileLine {
  /** Line in the file (header = 1). */
  line: number;
  time: string;
  kind: string;
  reader: string;
  barcode: string;
}

const COLUMNS = {
  time: ['time', 'datetime', 'date', '时间', '日期', '借还时间', '操作时间', '日期时间'],
  kind: ['kind', 'type', 'action', 'operation', '类型', '操作', '借还', '业务', '业务类型', '操作类型'],
  reader: ['reader', 'card', 'readerid', 'cardno', 'reader card', '读者', '读者证号', '证号', '借书证号', '读者条码', '读者卡号', '卡号'],
  barcode: ['barcode', 'book', 'item', 'copy', '条码', '图书条码', '条形码', '册条码', '书号'],
} as const;
type Column = keyof typeof COLUMNS;

const BORROW = new Set(['borrow', 'lend', 'loan', 'checkout', 'check out', 'out', 'b', '借', '借书', '借出', '借阅']);
const RETURN = new Set(['return', 'checkin', 'check in', 'in', 'r', '还', '还书', '归还', '还回']);

export function kindOf(raw: string): 'borrow' | 'return' | null {
  const k = raw.trim().toLowerCase();
  if (BORROW.has(k)) return 'borrow';
  if (RETURN.has(k)) return 'return';
  return null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A cell as text; an Excel date-time cell as "yyyy-mm-dd hh:mm:ss" (ExcelJS gives wall-clock time as UTC). */
function cellText(v: CellValue): string {
  if (v == null) return '';
  if (v instanceof Date) {
    return `${v.getUTCFullYear()}-${pad(v.getUTCMonth() + 1)}-${pad(v.getUTCDate())} ${pad(v.getUTCHours())}:${pad(v.getUTCMinutes())}:${pad(v.getUTCSeconds())}`;
  }
  if (typeof v === 'number') return Number.isInteger(v) ? v.toFixed(0) : String(v);
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'boolean') return '';
  if ('richText' in v) return v.richText.map((r) => r.text).join('').trim();
  if ('text' in v && typeof v.text === 'string') return v.text.trim();
  if ('result' in v) return cellText((v.result ?? null) as CellValue);
  return '';
}

/** RFC 4180 fields: quotes, doubled quotes, commas and line breaks inside quotes. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows.map((r) => r.map((c) => c.trim()));
}

function decodeText(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('gb18030').decode(bytes);
  }
}

async function xlsxRows(bytes: Buffer): Promise<string[][] | null> {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    return null;
  }
  const ws = wb.worksheets[0];
  if (!ws) return [];
  const out: string[][] = [];
  ws.eachRow({ includeEmpty: true }, (row, rowNo) => {
    while (out.length < rowNo - 1) out.push([]);
    out.push(Array.from({ length: Math.max(4, row.cellCount) }, (_, i) => cellText(row.getCell(i + 1).value)));
  });
  return out;
}

/**
 * A cell as stored text: control characters and bidirectional overrides (a file can hold anything)
 * become U+FFFD, so a line that shows them back shows that something odd was there, never the
 * character itself.
 */
const UNSAFE = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/gu;
export const cleanCell = (raw: string) => normalizeText(raw.slice(0, 200).toWellFormed().replace(UNSAFE, '\uFFFD'));

const norm = (h: string) => h.trim().toLowerCase().replace(/[\s_:：()（）]/g, '');

/** Which column holds what: by header names, or the first four in order when no header is known. */
function columnsOf(header: string[]): { map: Record<Column, number>; hasHeader: boolean } | null {
  const found: Partial<Record<Column, number>> = {};
  header.forEach((h, i) => {
    const n = norm(h);
    for (const [col, names] of Object.entries(COLUMNS) as Array<[Column, readonly string[]]>) {
      if (found[col] == null && names.some((x) => norm(x) === n)) found[col] = i;
    }
  });
  const known = Object.keys(found).length;
  if (known === 4) return { map: found as Record<Column, number>, hasHeader: true };
  if (known > 0) return null;
  // No header names: a first line that starts with a time is already a transaction.
  return { map: { time: 0, kind: 1, reader: 2, barcode: 3 }, hasHeader: !/^\d{4}[-/.]/.test(header[0] ?? '') };
}

export type ReadResult = { lines: FileLine[] } | { error: 'unreadable' | 'empty' | 'columns' | 'tooMany' };

/** The file's transaction lines (empty lines skipped), or why it cannot be read. */
export async function readOfflineFile(fileName: string, bytes: Buffer, maxRows: number): Promise<ReadResult> {
  const raw = /\.csv$/i.test(fileName) ? parseCsv(decodeText(bytes)) : await xlsxRows(bytes);
  if (!raw) return { error: 'unreadable' };
  const rows = raw.map((r) => r.map(cleanCell));
  const firstIndex = rows.findIndex((r) => r.some((c) => c !== ''));
  if (firstIndex < 0) return { error: 'empty' };
  const cols = columnsOf(rows[firstIndex]!);
  if (!cols) return { error: 'columns' };
  const lines: FileLine[] = [];
  for (let i = cols.hasHeader ? firstIndex + 1 : firstIndex; i < rows.length; i++) {
    const r = rows[i]!;
    if (!r.some((c) => c !== '')) continue;
    if (lines.length >= maxRows) return { error: 'tooMany' };
    lines.push({ line: i + 1, time: r[cols.map.time] ?? '', kind: r[cols.map.kind] ?? '', reader: r[cols.map.reader] ?? '', barcode: r[cols.map.barcode] ?? '' });
  }
  if (!lines.length) return { error: 'empty' };
  return { lines };
}

const TIME_RE = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})[ T]+(\d{1,2}):(\d{2})(?::(\d{2}))?$/;

/**
 * A local wall-clock time ("2026-11-20 09:15", "2026/11/20 9:15:30") in the school's offset as a
 * UTC instant (toISOString form, as loans store it) and as "yyyy-mm-dd hh:mm:ss"; null when it is
 * no such time or outside the years a loan can have.
 */
export function localTime(raw: string, offset: number): { at: string; time: string } | null {
  const m = TIME_RE.exec(raw.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '0'].map(Number) as [number, number, number, number, number, number];
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return null;
  const day = `${String(y).padStart(4, '0')}-${pad(mo)}-${pad(d)}`;
  if (day < FIRST_DAY || day > LAST_DAY) return null;
  const iso = `${day}T${pad(h)}:${pad(mi)}:${pad(s)}${formatOffset(offset)}`;
  const ms = Date.parse(iso);
  // Date.parse rolls 31 April over to 1 May: such a day does not exist.
  if (!Number.isFinite(ms) || new Date(ms + offset * 60_000).toISOString().slice(0, 10) !== day) return null;
  return { at: new Date(ms).toISOString(), time: `${day} ${pad(h)}:${pad(mi)}:${pad(s)}` };
}
