import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GridValidRowModel } from '@mui/x-data-grid';
import type { z } from 'zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import { toPageQuery } from '../../lib/table-defaults.ts';
import { useResourceList } from '../data/resource-queries.ts';
import { inUseByField, useDeleteFlow } from '../data/use-delete-flow.ts';
import { fieldSpecs } from '../fields/field-spec.ts';
import { columnsFor, type ColumnOverrides } from '../grid/columns.ts';
import { firstPage, KitGrid } from '../grid/kit-grid.tsx';
import { useResourceLabels } from '../labels.ts';
import { useCan } from '../permissions.ts';
import { createSchemaOf, type AnyObjectSchema, type ResourceDef } from '../resource.ts';
import { ConfirmDialog } from '../states/confirm-dialog.tsx';
import { NEW_ROW_ID, useRowEditing } from './use-row-editing.ts';
import { useRowActionsColumn } from './row-actions.tsx';

export interface LookupTableConfig<S extends AnyObjectSchema> {
  resource: ResourceDef<S>;
  /** Editable columns, in order (default: every field of the create schema). */
  fields?: readonly string[];
  /** Shown after the editable ones, never edited (FOLIO's "last updated"). */
  readOnlyFields?: readonly (keyof z.output<S> & string)[];
  /** FOLIO's actionSuppressor: hide edit/delete for some rows (system rows ...). */
  suppress?: { edit?: (row: z.output<S>) => boolean; delete?: (row: z.output<S>) => boolean };
  defaultEntry?: Partial<z.input<S>>;
  columns?: ColumnOverrides;
  /** Fixed filters sent with every list call. */
  query?: Record<string, unknown>;
}

/** A small table edited in place: add a row, edit in place, delete with confirmation (ControlledVocab). */
export function LookupTable<S extends AnyObjectSchema>({ config }: { config: LookupTableConfig<S> }) {
  const { resource: r } = config;
  const { t } = useTranslation(['kit', 'common']);
  const labels = useResourceLabels(r);
  const can = useCan(r);
  const [pagination, setPagination] = useState(firstPage);
  const list = useResourceList(r, { ...config.query, ...toPageQuery(pagination) });
  const createSchema = createSchemaOf(r) ?? r.schema;
  const editSpecs = useMemo(() => fieldSpecs(createSchema, r.fields, config.fields).filter((s) => s.name !== r.idField), [createSchema, r.fields, config.fields]);
  const readSpecs = useMemo(() => fieldSpecs(r.schema, r.fields, config.readOnlyFields ?? []), [r.schema, r.fields, config.readOnlyFields]);
  const editing = useRowEditing(r, editSpecs, labels, config.defaultEntry as Record<string, unknown> | undefined);
  const del = useDeleteFlow(r);
  const canUpdate = r.calls.update != null && can('update');
  const canDelete = r.calls.delete != null && can('delete');

  const actions = useRowActionsColumn({
    isEditing: editing.isEditing,
    canEdit: (row) => canUpdate && !config.suppress?.edit?.(row as z.output<S>),
    canDelete: (row) => row[r.idField] !== NEW_ROW_ID && canDelete && !config.suppress?.delete?.(row as z.output<S>),
    deleteBlockedReason: (row) => (inUseByField(r, row) ? t('kit:delete.inUse') : null),
    onEdit: editing.edit,
    onSave: editing.save,
    onCancel: editing.cancel,
    onDelete: del.ask,
  });
  const rows: GridValidRowModel[] = [...(editing.draft ? [editing.draft] : []), ...(list.data?.List ?? [])];
  const columns = [
    ...columnsFor(editSpecs, labels, { editable: new Set(editSpecs.map((s) => s.name)), overrides: config.columns, rows, displayField: r.displayField }),
    ...columnsFor(readSpecs, labels, { overrides: config.columns, rows, displayField: r.displayField }),
    actions,
  ];

  return (
    <Stack spacing={1.5} data-testid={`lookup-${r.id}`}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h6" component="h1">{labels.name()}</Typography>
        {r.calls.create && can('create') && (
          <Button startIcon={<AddOutlined />} variant="contained" onClick={editing.add} disabled={editing.draft != null} data-testid="lookup-add">
            {t('kit:add')}
          </Button>
        )}
      </Stack>
      {editing.rowError && <Alert severity="error" data-testid="lookup-row-error">{editing.rowError.message}</Alert>}
      <KitGrid
        rows={rows}
        total={(list.data?.Total ?? 0) + (editing.draft ? 1 : 0)}
        loading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        pagination={pagination}
        onPaginationChange={setPagination}
        columns={columns}
        getRowId={(row) => row[r.idField] as string | number}
        grid={{
          editMode: 'row',
          rowModesModel: editing.modes,
          onRowModesModelChange: editing.setModes,
          onRowEditStop: editing.onRowEditStop,
          processRowUpdate: editing.process,
          onProcessRowUpdateError: editing.onError,
          isCellEditable: (p) => canUpdate || p.id === NEW_ROW_ID,
        }}
      />
      <ConfirmDialog
        open={del.target != null}
        title={t('kit:delete.title', { name: labels.item() })}
        body={t('kit:delete.body', { item: String(del.target?.[r.displayField] ?? '') })}
        onConfirm={del.confirm}
        onClose={del.close}
      />
    </Stack>
  );
}
