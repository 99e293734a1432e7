import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import dayjs from 'dayjs';
import type { FieldSpec } from '../fields/field-spec.ts';
import type { ResourceLabels } from '../labels.ts';

export type ColumnOverrides = Partial<Record<string, Partial<GridColDef>>>;

const fmtDate = (v: unknown, withTime: boolean) =>
  typeof v === 'string' && v ? (withTime ? dayjs(v).format('YYYY-MM-DD HH:mm') : v.slice(0, 10)) : '';

/**
 * A DataGrid column per field, typed from the schema: numbers right-aligned, booleans as ticks,
 * enums as single selects with translated labels, ISO dates as dates (edited with a date input).
 */
export function columnFor(spec: FieldSpec, labels: ResourceLabels, editable = false): GridColDef {
  const base: GridColDef = { field: spec.name, headerName: labels.field(spec.name), flex: 1, minWidth: 120, sortable: false, editable };
  switch (spec.widget) {
    case 'number':
      return { ...base, type: 'number' };
    case 'switch':
      return { ...base, type: 'boolean', flex: 0, width: 110 };
    case 'select':
      return { ...base, type: 'singleSelect', valueOptions: (spec.options ?? []).map((v) => ({ value: v, label: labels.option(spec.name, v) })) };
    case 'multiselect':
      return { ...base, editable: false, valueFormatter: (v: unknown) => (Array.isArray(v) ? v.map((x: string | number) => labels.option(spec.name, x)).join(', ') : '') };
    case 'date':
    case 'datetime': {
      const withTime = spec.widget === 'datetime';
      return {
        ...base,
        type: withTime ? 'dateTime' : 'date',
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

export function columnsFor(specs: readonly FieldSpec[], labels: ResourceLabels, opts: { editable?: ReadonlySet<string>; overrides?: ColumnOverrides } = {}): GridColDef[] {
  return specs
    .filter((s) => !s.hidden)
    .map((s) => ({ ...columnFor(s, labels, opts.editable?.has(s.name) ?? false), ...opts.overrides?.[s.name] }));
}
