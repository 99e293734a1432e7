import dayjs from 'dayjs';
import type { FieldSpec } from './field-spec.ts';
import type { ResourceLabels } from '../labels.ts';

/** A field's value as read-only text (detail panes, import previews). */
export function formatValue(spec: FieldSpec | undefined, value: unknown, labels: ResourceLabels, yesNo: (b: boolean) => string): string {
  if (value == null || value === '') return '—';
  if (!spec) return typeof value === 'object' ? JSON.stringify(value) : String(value);
  switch (spec.widget) {
    case 'switch':
      return yesNo(value === true);
    case 'select':
      return labels.option(spec.name, value as string | number);
    case 'multiselect':
      return Array.isArray(value) ? value.map((v: string | number) => labels.option(spec.name, v)).join(', ') : String(value);
    case 'datetime':
      return dayjs(String(value)).format('YYYY-MM-DD HH:mm');
    case 'password':
      return '••••••';
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}
