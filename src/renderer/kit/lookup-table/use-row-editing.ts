import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GridRowModes, GridRowEditStopReasons, type GridRowModesModel, type GridEventListener, type GridValidRowModel } from '@mui/x-data-grid';
import type { z } from 'zod';
import { useResourceMutation } from '../data/resource-queries.ts';
import { errorText, KeyedError } from '../data/error-text.ts';
import { initialValues, type FieldSpec } from '../fields/field-spec.ts';
import { parseWithLocale } from '../fields/use-schema-form.ts';
import { messageText } from '../fields/zod-locale.ts';
import type { ResourceLabels } from '../labels.ts';
import { createSchemaOf, updateSchemaOf, type ResourceDef, type RowId } from '../resource.ts';

/** The id of the one unsaved row being added. */
export const NEW_ROW_ID = '__new__';

/** Only the fields the schema knows are sent (the row also holds UpdateTime etc.). */
function pick(schema: z.ZodObject, row: GridValidRowModel): Record<string, unknown> {
  return Object.fromEntries(Object.keys(schema.shape).filter((k) => k in row).map((k) => [k, row[k]]));
}

/**
 * Inline editing of a lookup table (FOLIO ControlledVocab): one draft row for "add", row edit mode
 * for "edit"; Enter saves, Escape cancels (DataGrid row editing). A failed save (schema or server)
 * keeps the row in edit mode with what the user typed and reports why.
 */
export function useRowEditing(r: ResourceDef, createSpecs: readonly FieldSpec[], labels: ResourceLabels, defaultEntry?: Record<string, unknown>) {
  const { t, i18n } = useTranslation(['kit', 'errors']);
  const [modes, setModes] = useState<GridRowModesModel>({});
  const [draft, setDraft] = useState<GridValidRowModel | null>(null);
  const [rowError, setRowError] = useState<{ id: RowId; message: string } | null>(null);
  const create = useResourceMutation(r, 'create');
  const update = useResourceMutation(r, 'update');

  const add = () => {
    setRowError(null);
    setDraft({ ...initialValues(createSpecs, defaultEntry), [r.idField]: NEW_ROW_ID });
    setModes((m) => ({ ...m, [NEW_ROW_ID]: { mode: GridRowModes.Edit } }));
  };
  const edit = (id: RowId) => {
    setRowError(null);
    setModes((m) => ({ ...m, [id]: { mode: GridRowModes.Edit } }));
  };
  const save = (id: RowId) => setModes((m) => ({ ...m, [id]: { mode: GridRowModes.View } }));
  const cancel = (id: RowId) => {
    setRowError(null);
    setModes((m) => ({ ...m, [id]: { mode: GridRowModes.View, ignoreModifications: true } }));
    if (id === NEW_ROW_ID) setDraft(null);
  };

  const process = async (row: GridValidRowModel, old: GridValidRowModel): Promise<GridValidRowModel> => {
    const isNew = row[r.idField] === NEW_ROW_ID;
    const schema = isNew ? createSchemaOf(r) : updateSchemaOf(r);
    if (!schema) throw new KeyedError('kit:errors.noCall');
    const values = pick(schema, row);
    if (!isNew) values[r.idField] = old[r.idField];
    const parsed = parseWithLocale(schema, values, i18n.language);
    if (!parsed.success) {
      const detail = parsed.error.issues
        .map((iss) => {
          // A row shows all its problems at once: each says its column, unless the message already does.
          const label = labels.field(String(iss.path[0] ?? ''));
          const text = messageText(t, i18n.exists, iss.message, label) ?? '';
          return text.includes(label) ? text : `${label}: ${text}`;
        })
        .join('; ');
      throw Object.assign(new KeyedError('kit:errors.invalidRow', detail), { rowId: row[r.idField] as RowId });
    }
    try {
      const saved = await (isNew ? create : update).mutateAsync(parsed.data);
      setRowError(null);
      if (isNew) setDraft(null);
      const fromServer = saved && typeof saved === 'object' && (saved as GridValidRowModel)[r.idField] != null ? (saved as GridValidRowModel) : null;
      return fromServer ?? { ...row, ...(parsed.data as Record<string, unknown>) };
    } catch (e) {
      throw Object.assign(e as object, { rowId: row[r.idField] as RowId });
    }
  };

  const onError = (e: unknown) => {
    const id = (e as { rowId?: RowId }).rowId ?? NEW_ROW_ID;
    setRowError({ id, message: errorText(t, e) });
  };

  // Leaving the row with the mouse must not save half-typed values; only Enter or the Save button do.
  const onRowEditStop: GridEventListener<'rowEditStop'> = (params, event) => {
    if (params.reason === GridRowEditStopReasons.rowFocusOut) event.defaultMuiPrevented = true;
    if (params.reason === GridRowEditStopReasons.escapeKeyDown) {
      setRowError(null);
      if (params.id === NEW_ROW_ID) setDraft(null);
    }
  };

  const isEditing = (id: RowId) => modes[id]?.mode === GridRowModes.Edit;
  const busy = create.isPending || update.isPending;
  return { modes, setModes, draft, rowError, add, edit, save, cancel, process, onError, onRowEditStop, isEditing, busy };
}
