import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FieldValues } from 'react-hook-form';
import type { GridColDef, GridRowSelectionModel } from '@mui/x-data-grid';
import AddOutlined from '@mui/icons-material/AddOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import {
  addForReaderInput, groupListQuery, recommendationCalls as C, RECOMMENDATION_PERMS, RECOMMENDATION_STATES, type RecommendationState, type SuggestionGroup,
} from '../../../shared/api/recommendations.ts';
import { call } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast-store.ts';
import { useCanOp } from '../../lib/use-can-op.ts';
import { EntryFormDialog } from '../../kit/crud/entry-form-dialog.tsx';
import { useResourceList } from '../../kit/data/resource-queries.ts';
import { fieldSpecs } from '../../kit/fields/field-spec.ts';
import { actionsColumn, columnsFor } from '../../kit/grid/columns.ts';
import { KitGrid } from '../../kit/grid/kit-grid.tsx';
import { ExportButton } from '../../kit/import-export/export-button.tsx';
import { useResourceLabels } from '../../kit/labels.ts';
import { FilterBar } from '../../kit/search-list/filter-bar.tsx';
import { useUrlListState } from '../../kit/search-list/use-url-list-state.ts';
import { HandleDialog, type HandleKind, type HandleResult } from './handle-dialog.tsx';
import { useHeldText } from './recommendation-format.ts';
import { addResource, groupResource } from './recommendations.resource.ts';
import { SuggestionReaders } from './suggestion-readers.tsx';

const FILTERS = ['SearchKey', 'DateFrom', 'DateTo', 'Identity', 'LearningStage'] as const;
/** Columns per tab: what was asked, then (once handled) what the library did. */
const COLUMNS: Record<RecommendationState, readonly (keyof SuggestionGroup & string)[]> = {
  // The publisher is in the readers drawer: with it the row's three buttons no longer fit at 1440 px.
  pending: ['Title', 'Author', 'ISBN', 'Count', 'Held', 'LastAt'],
  processed: ['Title', 'Author', 'ISBN', 'Count', 'Held', 'BatchNo', 'Reply', 'HandledBy', 'HandledAt'],
  abandoned: ['Title', 'Author', 'ISBN', 'Count', 'AbandonReason', 'Reply', 'HandledBy', 'HandledAt'],
};
const ADD_FIELDS = ['ReaderID', 'Title', 'Author', 'Publisher', 'ISBN', 'Reason'] as const;

/**
 * /recommendation 荐购管理: readers' purchase suggestions, one line per book (same ISBN, else the
 * same title and author), by state in tabs. The line says how many readers asked and how many
 * copies the school already holds; a click shows who asked. Pending lines are processed (ordered
 * or catalogued, optionally in an acquisition batch) or abandoned with a reason, one or several at
 * once, with a reply the readers see. Staff type in a reader's paper slip with "suggest for a reader".
 */
export default function RecommendationsScreen() {
  const { t } = useTranslation(['recommendations', 'kit']);
  const qc = useQueryClient();
  const labels = useResourceLabels(groupResource);
  const heldText = useHeldText();
  const state = useUrlListState(groupListQuery);
  const tab = (state.query.State as RecommendationState | undefined) ?? 'pending';
  const list = useResourceList(groupResource, { ...state.query, State: tab });
  const canHandle = useCanOp(RECOMMENDATION_PERMS.handle);
  const canExport = useCanOp(RECOMMENDATION_PERMS.export);
  const [selection, setSelection] = useState<GridRowSelectionModel>({ type: 'include', ids: new Set() });
  const [handling, setHandling] = useState<{ kind: HandleKind; groups: SuggestionGroup[] } | null>(null);
  const [readers, setReaders] = useState<SuggestionGroup | null>(null);
  const [adding, setAdding] = useState(false);
  const rows = useMemo(() => list.data?.List ?? [], [list.data]);
  const chosen = rows.filter((r) => selection.ids.has(r.Key) === (selection.type === 'include'));
  const clearSelection = () => setSelection({ type: 'include', ids: new Set() });
  const refresh = () => void qc.invalidateQueries({ queryKey: [groupResource.id] });
  const pendingTab = tab === 'pending';
  const selectable = pendingTab && canHandle;

  const done = (kind: HandleKind, r: HandleResult) => {
    const skipped = r.Rows.filter((x) => x.Outcome === 'skipped').length;
    toast.text(t(kind === 'process' ? 'done.processed' : 'done.abandoned', { count: r.Changed }) + (skipped ? t('done.skipped', { count: skipped }) : ''), skipped ? 'warning' : 'success');
    setHandling(null);
    clearSelection();
    refresh();
  };

  // Where the row handles the book, "who asked" is the row's click (and Enter) alone: three buttons do not fit at 1440 px.
  const rowLabels = selectable ? [t('actions.process'), t('actions.abandon')] : [t('actions.detail')];
  const columns: GridColDef<SuggestionGroup>[] = [
    ...(columnsFor(fieldSpecs(groupResource.schema, groupResource.fields, COLUMNS[tab]), labels, {
      rows, displayField: 'Title',
      overrides: {
        Title: { minWidth: 200, flex: 1 },
        Count: { type: 'number', minWidth: 96 },
        Author: { minWidth: 120 },
        Held: { type: 'string', minWidth: 140, valueGetter: (_v: unknown, row: SuggestionGroup) => heldText(row), sortable: false },
        AbandonReason: { minWidth: 140 },
        Reply: { minWidth: 180, flex: 1 },
      },
    }) as GridColDef<SuggestionGroup>[]),
    actionsColumn(t('kit:actions'), { labels: rowLabels }, {
      renderCell: ({ row }: { row: SuggestionGroup }) => (
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', height: '100%' }} onClick={(e) => e.stopPropagation()}>
          {!selectable && <Button size="small" onClick={() => setReaders(row)} data-testid={`readers-${row.IDs[0]}`}>{t('actions.detail')}</Button>}
          {selectable && <Button size="small" onClick={() => setHandling({ kind: 'process', groups: [row] })} data-testid={`process-${row.IDs[0]}`}>{t('actions.process')}</Button>}
          {selectable && <Button size="small" color="error" onClick={() => setHandling({ kind: 'abandon', groups: [row] })} data-testid={`abandon-${row.IDs[0]}`}>{t('actions.abandon')}</Button>}
        </Stack>
      ),
    }) as GridColDef<SuggestionGroup>,
  ];

  // The export takes the filters shown, not the page.
  const filters: Record<string, unknown> = { ...state.query, State: tab };
  delete filters.Page;
  delete filters.Rows;
  const addLabels = useResourceLabels(addResource);

  return (
    <Stack spacing={1.5} sx={{ p: 2 }} data-testid="recommendations">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h6" component="h1">{labels.name()}</Typography>
        {canHandle && (
          <Button startIcon={<AddOutlined />} variant="outlined" onClick={() => setAdding(true)} data-testid="recommendation-add">{t('actions.addForReader')}</Button>
        )}
      </Stack>
      <Tabs
        value={tab}
        aria-label={t('tabs.label')}
        onChange={(_e, v: RecommendationState) => {
          clearSelection();
          state.setFilters({ State: v });
        }}
      >
        {RECOMMENDATION_STATES.map((s) => <Tab key={s} value={s} label={labels.option('State', s)} data-testid={`tab-${s}`} />)}
      </Tabs>
      <FilterBar
        schema={groupListQuery} fields={FILTERS} value={state.query} labels={labels} onSearch={state.setFilters}
        actions={canExport ? <ExportButton call={C.export} input={filters} label={t('actions.export')} /> : undefined}
      />
      {selectable && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minHeight: 36 }} data-testid="recommendation-bulk">
          <Typography variant="body2" sx={{ flex: 1 }} role="status">
            {chosen.length ? t('selection.count', { count: chosen.length, readers: chosen.reduce((n, g) => n + g.Count, 0) }) : t('selection.none')}
          </Typography>
          <Button variant="contained" disabled={!chosen.length} onClick={() => setHandling({ kind: 'process', groups: chosen })} data-testid="bulk-process">
            {t('actions.processSelected', { count: chosen.length })}
          </Button>
          <Button variant="outlined" color="error" disabled={!chosen.length} onClick={() => setHandling({ kind: 'abandon', groups: chosen })} data-testid="bulk-abandon">
            {t('actions.abandonSelected', { count: chosen.length })}
          </Button>
        </Stack>
      )}
      <KitGrid<SuggestionGroup>
        testId="list-recommendation-group"
        rows={rows}
        total={list.data?.Total ?? 0}
        loading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        pagination={state.pagination}
        onPaginationChange={(m) => {
          clearSelection();
          state.setPagination(m);
        }}
        columns={columns}
        getRowId={(r) => r.Key}
        grid={{
          checkboxSelection: selectable,
          rowSelectionModel: selection,
          onRowSelectionModelChange: setSelection,
          onRowClick: ({ row }) => setReaders(row),
          onCellKeyDown: ({ row, field }, e) => {
            if (e.key === 'Enter' && field !== '__actions' && field !== '__check__') setReaders(row);
          },
          // A chosen row keeps a neutral tint: the blue one lowers the contrast of the row's blue buttons below 4.5:1.
          sx: { '& .MuiDataGrid-row': { cursor: 'pointer' }, '& .MuiDataGrid-row.Mui-selected, & .MuiDataGrid-row.Mui-selected:hover': { backgroundColor: 'action.hover' } },
        }}
      />
      {handling && <HandleDialog kind={handling.kind} groups={handling.groups} onDone={(r) => done(handling.kind, r)} onClose={() => setHandling(null)} />}
      {readers && <SuggestionReaders group={readers} onClose={() => setReaders(null)} />}
      {adding && (
        <EntryFormDialog
          resource={addResource}
          schema={addForReaderInput}
          title={addLabels.name()}
          labels={addLabels}
          entry={undefined}
          fieldOrder={ADD_FIELDS}
          onSubmit={async (values: FieldValues) => {
            const r = await call(C.addForReader, values as never, { toast: false });
            toast.text(t('done.added', { name: r.ReaderName }), 'success');
            setAdding(false);
            refresh();
          }}
          onClose={() => setAdding(false)}
        />
      )}
    </Stack>
  );
}
