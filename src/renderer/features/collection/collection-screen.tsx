import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Chip from '@mui/material/Chip';
import { collectionCalls as C, shelfCalls } from '../../../shared/api/collection.ts';
import type { CopyRow } from '../../../shared/api/copy-row.ts';
import { ExportButton } from '../../kit/import-export/export-button.tsx';
import { useCanOp } from '../../lib/use-can-op.ts';
import { call } from '../../lib/api-client.ts';
import { CrudScreen } from '../../kit/crud/crud-screen.tsx';
import type { ColumnOverrides } from '../../kit/grid/columns.ts';
import { copyResource } from './copy.resource.ts';
import { CopyActions } from './copy-actions.tsx';
import { CopyDetail } from './copy-detail.tsx';
import { copyLocation, copyStateText, money } from './copy-labels.ts';
import { copyFieldSlots } from './copy-form-fields.tsx';


/** The list's columns (checked against the 1440 px layout in collection-columns.test.ts). */
export const COPY_COLUMNS = ['Barcode', 'Title', 'CallNo', 'AreaName', 'ShelfMark', 'CircState', 'Price'] as const;

/**
 * The title is what a librarian recognises a copy by: at least room for eight Chinese characters.
 * Where the copy is, branch and area, is one column ("总馆 · 中文图书区"), as FOLIO shows one
 * effective location. The two share the room left, twice the share of other text. The state ("circulation ·
 * borrowed") keeps room for the common pairs and no more.
 */
export function copyColumnOverrides(t: (k: string) => string, lang: string): ColumnOverrides {
  const stateWidth = lang.startsWith('en') ? 210 : 130;
  return {
    Title: { flex: 2, minWidth: 8 * 14 + 24 },
    CircState: { valueGetter: (_v: unknown, row: CopyRow) => copyStateText(t, row.Storage, row.CircState), flex: 0, width: stateWidth, minWidth: stateWidth },
    // Short codes ("A-01-3"): the room left goes to the title and the location.
    ShelfMark: { flex: 0, width: 96, minWidth: 96 },
    Price: { valueFormatter: (v: number) => money(v, lang) },
    AreaName: {
      headerName: t('collection:location'),
      flex: 2,
      valueGetter: (_v: unknown, row: CopyRow) => copyLocation(row, lang),
    },
  };
}

/** Count and sums of what the filters find (GetItemsSumPrice), beside the list. */
function Sums({ query }: { query: Record<string, unknown> }) {
  const { t, i18n } = useTranslation('collection');
  const { Page: _p, Rows: _r, ...filters } = query;
  const sums = useQuery({ queryKey: ['copy', 'sum', filters], queryFn: () => call(C.sum, filters as never) });
  if (!sums.data) return null;
  return <Chip variant="outlined" data-testid="collection-sums" label={t('actions.sums', { count: sums.data.Count, price: money(sums.data.Price, i18n.language), paid: money(sums.data.DiscountPrice, i18n.language) })} />;
}

/**
 * /resource-mana/resource/collection 典藏管理: find copies by barcode, tag, call number, ISBN or
 * words, filter by branch, area, storage area, state, batch and class; edit a copy (a new area is
 * an allocation); change its state through the state machine; delete what may go; the detail
 * shows the copy's history.
 */
export default function CollectionScreen() {
  const { t, i18n } = useTranslation(['collection', 'catalogue', 'kit']);
  const canExport = useCanOp(shelfCalls.exportCollection.perm);
  return (
    <CrudScreen
      config={{
        resource: copyResource,
        columns: COPY_COLUMNS,
        columnOverrides: copyColumnOverrides(t, i18n.language),
        filters: ['SearchKey', 'BranchID', 'AreaID', 'CircState', 'ClassNo'],
        form: { fields: ['Barcode', 'RFID', 'AreaID', 'ShelfMark', 'Price', 'DiscountPrice', 'BatchID', 'Note'], fieldSlots: copyFieldSlots },
        slots: {
          toolbar: (query) => {
            const { Page: _p, Rows: _r, ...filters } = query;
            return <><Sums query={query} />{canExport && <ExportButton call={shelfCalls.exportCollection} input={filters} label={t('export.button')} />}</>;
          },
          rowActions: (row) => <CopyActions row={row} />,
          rowActionLabels: [t('actions.changeState'), t('kit:delete.action')],
          detail: (row) => <CopyDetail row={row} />,
        },
      }}
    />
  );
}
