import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import dayjs from 'dayjs';
import type { FieldSpec } from '../fields/field-spec.ts';
import type { ResourceLabels } from '../labels.ts';

export type ColumnOverrides = Partial<Record<string, Partial<GridColDef>>>;

const fmtDate = (v: unknown, withTime: boolean) =>
  typeof v === 'string' && v ? (withTime ? dayjs(v).format('YYYY-MM-DD HH:mm') : v.slice(0, 10)) : '';

// Column sizing. Widths are computed from the text a column shows, not measured in the DOM, so they
// are the same in tests, before fonts load and on every machine; the estimate errs wide (a cut
// card number costs more than a few spare pixels).
const CELL_PAD = 20 + 4; // the grid's 10 px cell padding each side, plus rounding and borders
const HEADER_PAD = 24; // the header's 10 px padding each side, and its medium weight
const FONT = 14; // body2, the grid's cell and header font
const MAX_DISPLAY = 240; // the entry's name is shown whole up to this width
const MIN_TEXT = 80; // free text flexes into the room left and may end in an ellipsis; identifiers may not

/** East Asian wide characters (CJK, kana, hangul, full-width forms) take about one em. */
function isWide(c: number): boolean {
  return (c >= 0x1100 && c <= 0x115f) || (c >= 0x2e80 && c <= 0xa4cf) || (c >= 0xac00 && c <= 0xd7a3) ||
    (c >= 0xf900 && c <= 0xfaff) || (c >= 0xfe30 && c <= 0xfe4f) || (c >= 0xff00 && c <= 0xff60) || (c >= 0xffe0 && c <= 0xffe6) || c >= 0x20000;
}

/** Estimated width in px of `text` at `fontPx`: wide 1 em, capitals and digits 0.7 em, narrow glyphs 0.35 em, other 0.6 em. */
export function textWidth(text: string, fontPx = FONT): number {
  let em = 0;
  for (const ch of text) {
    const c = ch.codePointAt(0) ?? 0;
    if (isWide(c)) em += 1;
    else if (/[ijlft.,:;'|!()[\] ]/.test(ch)) em += 0.35;
    else if (/[A-Z0-9#%&@mw]/.test(ch)) em += 0.7;
    else em += 0.6;
  }
  return Math.ceil(em * fontPx);
}

/** Where a line may break: after a space, and around each wide (CJK) character. */
function breakableParts(text: string): string[] {
  const parts: string[] = [];
  let cur = '';
  for (const ch of text) {
    if (isWide(ch.codePointAt(0) ?? 0)) {
      if (cur) parts.push(cur);
      parts.push(ch);
      cur = '';
    } else {
      cur += ch;
      if (ch === ' ') {
        parts.push(cur);
        cur = '';
      }
    }
  }
  if (cur) parts.push(cur);
  return parts;
}

/** The narrowest width at which `text` wraps to at most two lines (the kit's headers wrap). */
export function twoLineWidth(text: string): number {
  const widths = breakableParts(text).map((p) => textWidth(p));
  const total = widths.reduce((a, b) => a + b, 0);
  let best = total;
  let first = 0;
  for (const w of widths.slice(0, -1)) {
    first += w;
    best = Math.min(best, Math.max(first, total - first));
  }
  return best;
}

/** What the header needs so its title is not cut: two lines at most (KitGrid lets titles wrap). */
export function headerWidth(title: string): number {
  return twoLineWidth(title) + HEADER_PAD;
}

/** A column as wide as the widest of its values (as shown) and its header. */
export function fitWidth(values: Iterable<string>, title: string, floor = 0): number {
  let widest = 0;
  for (const v of values) widest = Math.max(widest, textWidth(v));
  return Math.max(floor, widest + CELL_PAD, headerWidth(title));
}

/**
 * The actions column from its buttons: small text buttons (13 px, capitals in English, at least
 * 64 px, 5 px padding each side) 4 px apart; `icons` counts icon buttons (about 34 px each).
 */
export function actionsWidth(title: string, buttons: { labels?: readonly string[]; icons?: number }): number {
  const labels = buttons.labels ?? [];
  const text = labels.reduce((w, l) => w + Math.max(64, textWidth(l.toUpperCase(), 13) + 10), 0);
  const count = labels.length + (buttons.icons ?? 0);
  const row = text + (buttons.icons ?? 0) * 34 + Math.max(0, count - 1) * 4;
  return Math.max(row + CELL_PAD, headerWidth(title));
}

/** Identifiers people read and type: shown whole, whatever the other columns need. */
const IDENTIFIER_NAME = /(^|[a-z])(ID|Id|Code|No|Barcode|ISBN|Isbn|ISSN|Issn|Phone|Mobile|Tel)$/;

/** Explicit `identifier` (resource override or schema meta) wins; else a phone field, or a text field named like an identifier. */
export function isIdentifier(spec: FieldSpec): boolean {
  if (spec.identifier !== undefined) return spec.identifier;
  return spec.widget === 'phone' || (spec.widget === 'text' && IDENTIFIER_NAME.test(spec.name));
}

const show = (v: unknown) => (v == null ? '' : String(v));

/**
 * A DataGrid column per field, typed from the schema: numbers right-aligned, booleans as ticks,
 * enums as single selects with translated labels, ISO dates as dates (edited with a date input).
 * Columns never shrink below what their header and kind need; identifier columns (see
 * isIdentifier) take the width of the longest value in `rows` and do not flex, so a card number
 * or barcode is never cut to "R20260000…".
 */
export function columnFor(spec: FieldSpec, labels: ResourceLabels, editable = false, rows: readonly GridValidRowModel[] = [], display = false): GridColDef {
  const title = labels.field(spec.name);
  const col = typedColumn(spec, labels, title, editable);
  if (display && !isIdentifier(spec)) {
    // The entry's name (the resource's displayField) says which row it is: whole up to a limit,
    // then it flexes like other text.
    const fit = Math.min(fitWidth(rows.map((r) => show(r[spec.name])), title), MAX_DISPLAY);
    return { ...col, minWidth: Math.max(col.minWidth ?? 0, fit) };
  }
  if (!isIdentifier(spec)) return col;
  // At least 8 characters' room while the rows load, so the column does not jump much.
  const width = fitWidth(rows.map((r) => show(r[spec.name])), title, textWidth('00000000') + CELL_PAD);
  return { ...col, flex: 0, width, minWidth: width };
}

function typedColumn(spec: FieldSpec, labels: ResourceLabels, title: string, editable: boolean): GridColDef {
  const base: GridColDef = { field: spec.name, headerName: title, flex: 1, minWidth: Math.max(MIN_TEXT, headerWidth(title)), sortable: false, editable };
  switch (spec.widget) {
    case 'number':
      return { ...base, type: 'number', minWidth: Math.max(80, headerWidth(title)) };
    case 'switch':
      return { ...base, type: 'boolean', flex: 0, width: Math.max(90, headerWidth(title)) };
    case 'select': {
      const valueOptions = (spec.options ?? []).map((v) => ({ value: v, label: labels.option(spec.name, v) }));
      // Short option labels (status, identity) are shown whole; long sentences flex and may end in an ellipsis.
      const optionFit = Math.min(fitWidth(valueOptions.map((o) => o.label), '', 80), 160);
      return { ...base, type: 'singleSelect', valueOptions, minWidth: Math.max(optionFit, headerWidth(title)) };
    }
    case 'multiselect':
      return { ...base, editable: false, valueFormatter: (v: unknown) => (Array.isArray(v) ? v.map((x: string | number) => labels.option(spec.name, x)).join(', ') : '') };
    case 'date':
    case 'datetime': {
      const withTime = spec.widget === 'datetime';
      return {
        ...base,
        type: withTime ? 'dateTime' : 'date',
        minWidth: fitWidth([withTime ? '2026-12-31 23:59' : '2026-12-31'], title),
        // The grid edits Date objects; the contract carries ISO strings.
        valueGetter: (v: unknown) => (typeof v === 'string' && v ? dayjs(v).toDate() : null),
        valueFormatter: (_v: unknown, row: GridValidRowModel) => fmtDate(row[spec.name], withTime),
        valueSetter: (v: Date | null, row: GridValidRowModel) => ({ ...row, [spec.name]: v ? (withTime ? v.toISOString() : dayjs(v).format('YYYY-MM-DD')) : spec.nullable ? null : undefined }),
      };
    }
    case 'password':
      return { ...base, valueFormatter: () => '••••••' };
    default:
      return { ...base, editable: editable && spec.widget !== 'unsupported' && spec.widget !== 'ref' };
  }
}

export function columnsFor(
  specs: readonly FieldSpec[],
  labels: ResourceLabels,
  opts: { editable?: ReadonlySet<string>; overrides?: ColumnOverrides; rows?: readonly GridValidRowModel[]; displayField?: string } = {},
): GridColDef[] {
  return specs
    .filter((s) => !s.hidden)
    .map((s) => fitNumbers({ ...columnFor(s, labels, opts.editable?.has(s.name) ?? false, opts.rows, s.name === opts.displayField), ...opts.overrides?.[s.name] }, opts.rows, opts.overrides?.[s.name]));
}

/**
 * A number column (after its overrides, which may format it as money or a percentage) is as wide
 * as its longest shown value and no wider, unless the screen sets its flex: an amount cut to
 * "32,735.…" reads as a different amount, and the room a number does not need goes to the text.
 */
function fitNumbers(col: GridColDef, rows: readonly GridValidRowModel[] = [], override: Partial<GridColDef> = {}): GridColDef {
  if (col.type !== 'number' || rows.length === 0 || col.renderCell) return col;
  const shown = rows.map((r) => {
    const v: unknown = col.valueGetter ? (col.valueGetter as (v: unknown, row: GridValidRowModel) => unknown)(r[col.field], r) : r[col.field];
    return col.valueFormatter ? show((col.valueFormatter as (v: unknown, row: GridValidRowModel) => unknown)(v, r)) : show(v);
  });
  const width = Math.max(col.minWidth ?? 0, fitWidth(shown, col.headerName ?? ''));
  return 'flex' in override ? { ...col, minWidth: width } : { ...col, flex: 0, width, minWidth: width };
}

/** The kit's actions column: labelled (操作 / Actions) so its header is never empty, sized to its buttons, kept at that width. */
export function actionsColumn(title: string, buttons: { labels?: readonly string[]; icons?: number }, col: Partial<GridColDef> = {}): GridColDef {
  const width = actionsWidth(title, buttons);
  return { field: '__actions', headerName: title, sortable: false, filterable: false, disableColumnMenu: true, flex: 0, width, minWidth: width, ...col } as GridColDef;
}
