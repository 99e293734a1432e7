import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldValues } from 'react-hook-form';
import type { GridValidRowModel } from '@mui/x-data-grid';
import type { z } from 'zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import { toast } from '../../lib/toast-store.ts';
import { useQuery } from '@tanstack/react-query';
import { getQueryOptions, useResourceList, useResourceMutation } from '../data/resource-queries.ts';
import { inUseByField, useDeleteFlow } from '../data/use-delete-flow.ts';
import type { FieldSlot, FormSection } from '../fields/form-fields.tsx';
import type { ColumnOverrides } from '../grid/columns.ts';
import { ResourceGrid } from '../grid/resource-grid.tsx';
import { useResourceLabels } from '../labels.ts';
import { useCan } from '../permissions.ts';
import { createSchemaOf, listQueryOf, updateSchemaOf, type AnyObjectSchema, type ResourceDef } from '../resource.ts';
import { FilterBar } from '../search-list/filter-bar.tsx';
import { useUrlListState } from '../search-list/use-url-list-state.ts';
import { ConfirmDialog } from '../states/confirm-dialog.tsx';
import { ErrorState } from '../states/error-state.tsx';
import { DetailPane } from './detail-pane.tsx';
import { EntryFormDialog } from './entry-form-dialog.tsx';

export interface CrudScreenConfig<S extends AnyObjectSchema> {
  resource: ResourceDef<S>;
  columns?: readonly (keyof z.output<S> & string)[];
  columnOverrides?: ColumnOverrides;
  /** List-query fields shown as filters (kept in the URL); [] hides the filter bar. */
  filters?: readonly string[];
  form?: { sections?: readonly FormSection[]; fields?: readonly string[]; fieldSlots?: Partial<Record<string, FieldSlot>> };
  /** Values of a new entry (EntryManager's defaultEntry). */
  defaultEntry?: Partial<z.input<S>>;
  /** Last change before the call (EntryManager's onBeforeSave): derive fields, normalise. */
  beforeSave?: (values: FieldValues, ctx: { mode: 'create' | 'edit'; entry?: z.output<S> }) => FieldValues | Promise<FieldValues>;
  slots?: {
    /** Buttons beside Add; a function gets the current list query (ExportButton, ImportButton). */
    toolbar?: ReactNode | ((query: Record<string, unknown>) => ReactNode);
    rowActions?: (row: z.output<S>) => ReactNode;
    /** Labels of the buttons rowActions may show at most, so the actions column fits them. */
    rowActionLabels?: readonly string[];
    /** Replaces the default field list of the detail pane. */
    detail?: (row: z.output<S>) => ReactNode;
  };
}

type FormState = { mode: 'create' } | { mode: 'edit'; entry: GridValidRowModel };

/** List + detail drawer + create/edit dialog (FOLIO EntryManager), permissions per action. */
export function CrudScreen<S extends AnyObjectSchema>({ config }: { config: CrudScreenConfig<S> }) {
  const { resource: r, slots } = config;
  const { t } = useTranslation(['kit', 'common']);
  const labels = useResourceLabels(r);
  const can = useCan(r);
  const state = useUrlListState(listQueryOf(r));
  const list = useResourceList(r, state.query);
  const [selected, setSelected] = useState<GridValidRowModel | null>(null);
  const [form, setForm] = useState<FormState | null>(null);
  const create = useResourceMutation(r, 'create');
  const update = useResourceMutation(r, 'update');
  const del = useDeleteFlow(r);
  const canCreate = r.calls.create != null && can('create');
  const canUpdate = r.calls.update != null && can('update');
  const canDelete = r.calls.delete != null && can('delete');

  const save = async (values: FieldValues) => {
    const entry = form?.mode === 'edit' ? (form.entry as z.output<S>) : undefined;
    const ready = config.beforeSave ? await config.beforeSave(values, { mode: form?.mode ?? 'create', entry }) : values;
    if (entry) await update.mutateAsync({ ...ready, [r.idField]: entry[r.idField as keyof typeof entry] });
    else await create.mutateAsync(ready);
    toast.key('kit:saved', 'success');
    setForm(null);
    setSelected(null);
  };

  const entryActions = (row: GridValidRowModel) => {
    const inUse = inUseByField(r, row);
    return (
      <>
        {canUpdate && <Button size="small" onClick={() => setForm({ mode: 'edit', entry: row })} data-testid={`crud-edit-${row[r.idField]}`}>{t('common:actions.edit')}</Button>}
        {canDelete && (
          <Tooltip title={inUse ? t('kit:delete.inUse') : ''}>
            <span>
              <Button size="small" color="error" disabled={inUse} onClick={() => del.ask(row)} data-testid={`crud-delete-${row[r.idField]}`}>{t('kit:delete.action')}</Button>
            </span>
          </Tooltip>
        )}
        {slots?.rowActions?.(row as z.output<S>)}
      </>
    );
  };

  const addButton = canCreate && (
    <Button startIcon={<AddOutlined />} variant="contained" onClick={() => setForm({ mode: 'create' })} data-testid="crud-add">{t('kit:add')}</Button>
  );
  const schema = form?.mode === 'edit' ? updateSchemaOf(r) : createSchemaOf(r);
  // With a get call the form edits the full entity (the list row may carry only the columns).
  const editId = form?.mode === 'edit' ? (form.entry[r.idField] as string | number) : '';
  const full = useQuery({ ...getQueryOptions(r, editId), enabled: form?.mode === 'edit' && r.calls.get != null });
  const editEntry = form?.mode === 'edit' ? (r.calls.get ? (full.data as GridValidRowModel | undefined) : form.entry) : undefined;

  return (
    <Stack spacing={1.5} data-testid={`crud-${r.id}`}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h6" component="h1">{labels.name()}</Typography>
        <Stack direction="row" spacing={1}>{typeof slots?.toolbar === 'function' ? slots.toolbar(state.query) : slots?.toolbar}{addButton}</Stack>
      </Stack>
      {config.filters?.length !== 0 && (
        <FilterBar schema={listQueryOf(r)} fields={config.filters} overrides={r.fields} value={state.query} labels={labels} onSearch={state.setFilters} />
      )}
      <ResourceGrid
        resource={r}
        labels={labels}
        list={list}
        pagination={state.pagination}
        onPaginationChange={state.setPagination}
        columns={config.columns}
        columnOverrides={config.columnOverrides}
        rowActions={entryActions}
        rowActionLabels={[
          ...(canUpdate ? [t('common:actions.edit')] : []),
          ...(canDelete ? [t('kit:delete.action')] : []),
          ...(slots?.rowActionLabels ?? []),
        ]}
        onOpen={setSelected}
        // No second Add inside an empty grid: a button among the grid's rows breaks its ARIA
        // structure (axe aria-required-children), and the header's Add is right above it.
      />
      {form?.mode === 'edit' && full.isError && <ErrorState error={full.error} onRetry={() => void full.refetch()} />}
      {selected && (
        <DetailPane resource={r} row={selected} labels={labels} actions={entryActions(selected)} onClose={() => setSelected(null)}>
          {slots?.detail?.(selected as z.output<S>)}
        </DetailPane>
      )}
      {form && schema && (form.mode === 'create' || editEntry) && (
        <EntryFormDialog
          resource={r}
          schema={schema}
          title={t(form.mode === 'edit' ? 'kit:form.editTitle' : 'kit:form.createTitle', { name: labels.item() })}
          labels={labels}
          entry={form.mode === 'edit' ? editEntry : (config.defaultEntry as Record<string, unknown> | undefined)}
          sections={config.form?.sections}
          fieldOrder={config.form?.fields}
          fieldSlots={config.form?.fieldSlots}
          onSubmit={save}
          onClose={() => setForm(null)}
        />
      )}
      <ConfirmDialog
        open={del.target != null}
        title={t('kit:delete.title', { name: labels.item() })}
        body={t('kit:delete.body', { item: String(del.target?.[r.displayField] ?? '') })}
        onConfirm={async () => {
          await del.confirm();
          setSelected(null);
        }}
        onClose={del.close}
      />
    </Stack>
  );
}
