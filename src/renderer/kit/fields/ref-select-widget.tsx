import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { refOptionsQueryOptions } from '../data/resource-queries.ts';
import { SelectWidget } from './select-widget.tsx';
import type { WidgetProps } from './widget-props.ts';

/** A select whose options are another resource's rows (meta `{ widget: 'ref', ref: {...} }`). */
export function RefSelectWidget(p: WidgetProps) {
  const { t } = useTranslation('kit');
  const ref = p.spec.ref;
  const q = useQuery({ ...refOptionsQueryOptions(ref ?? { call: { id: 'none' } as never, value: '', label: '' }), enabled: ref != null });
  const helperText = q.isError ? t('select.loadFailed') : p.helperText;
  return <SelectWidget {...p} helperText={helperText} error={p.error || q.isError} options={q.data ?? []} loading={q.isPending} />;
}
