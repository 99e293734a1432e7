import { useEffect, useMemo, type ReactNode } from 'react';
import { useForm, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { emptyValue, fieldSpecs, type FieldOverride } from '../fields/field-spec.ts';
import { FieldRenderer } from '../fields/field-renderer.tsx';
import type { ResourceLabels } from '../labels.ts';
import { labelRoom } from '../fields/label-room.ts';

const PAGING = new Set(['Page', 'Rows']);
/** A filter cell's narrowest width; the grid gives each field at least this. */
const CELL_MIN = 200;

/** A text filter whose label would be cut in one cell ("Title, author, initials or IS…") takes two (one on a phone, where one is the whole row). */
export const spansTwo = (spec: { widget: string }, label: string): boolean =>
  spec.widget === 'text' && labelRoom(label) > CELL_MIN;

export interface FilterBarProps {
  schema: z.ZodObject;
  /** Which list-query fields to show, in order (default: all but Page/Rows). */
  fields?: readonly string[];
  overrides?: Partial<Record<string, FieldOverride>>;
  value: Record<string, unknown>;
  labels: ResourceLabels;
  onSearch: (filters: Record<string, unknown>) => void;
  /** Extra buttons on the right (add, import, export). */
  actions?: ReactNode;
}

/** Filters from the list-query schema; Enter in any field searches, Reset clears them all. */
export function FilterBar({ schema, fields, overrides, value, labels, onSearch, actions }: FilterBarProps) {
  const { t } = useTranslation(['kit']);
  const specs = useMemo(
    () => fieldSpecs(schema, overrides, fields).filter((s) => !PAGING.has(s.name)).map((s) => ({ ...s, required: false })),
    [schema, overrides, fields],
  );
  const current = useMemo(() => Object.fromEntries(specs.map((s) => [s.name, value[s.name] ?? emptyValue({ ...s, optional: true })])), [specs, value]);
  const form = useForm<FieldValues>({ defaultValues: current });
  // The URL is the truth: back/forward or a pasted link refill the fields.
  useEffect(() => form.reset(current), [current, form]);
  const clear = () => onSearch(Object.fromEntries(specs.map((s) => [s.name, undefined])));
  return (
    <Stack
      component="form"
      direction={{ xs: 'column', md: 'row' }}
      spacing={1}
      sx={{ alignItems: { md: 'flex-start' } }}
      data-testid="kit-filters"
      onSubmit={(e) => {
        e.preventDefault();
        void form.handleSubmit((v) => onSearch(v))(e);
      }}
    >
      <Box sx={{ flex: 1, display: 'grid', gap: 1, gridTemplateColumns: `repeat(auto-fill, minmax(${CELL_MIN}px, 1fr))` }}>
        {specs.map((s) => (spansTwo(s, labels.field(s.name))
          ? <Box key={s.name} sx={{ gridColumn: { xs: 'auto', sm: 'span 2' } }}><FieldRenderer spec={s} control={form.control} labels={labels} /></Box>
          : <FieldRenderer key={s.name} spec={s} control={form.control} labels={labels} />))}
      </Box>
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" data-testid="kit-search">{t('kit:search.submit')}</Button>
        <Button onClick={clear} data-testid="kit-reset">{t('kit:search.reset')}</Button>
        {actions}
      </Stack>
    </Stack>
  );
}
