import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Chip from '@mui/material/Chip';
import { collectionCalls as C, shelfCalls } from '../../../shared/api/collection.ts';
import type { CopyRow } from '../../../shared/api/copy-row.ts';
import { ExportButton } from '../../kit/import-export/export-button.tsx';
import { useCanOp } from '../../lib/use-can-op.ts';
import { call } from '../../lib/api-client.ts';
import { CrudScreen } from '../../kit/crud/crud-screen.tsx';
import { copyResource } from './copy.resource.ts';
import { CopyActions } from './copy-actions.tsx';
import { CopyDetail } from './copy-detail.tsx';
import { copyStateText } from './copy-labels.ts';
import { copyFieldSlots } from './copy-form-fields.tsx';

const money = (v: number, lang: string) => v.toLocaleString(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

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
  const en = i18n.language.startsWith('en');
  const canExport = useCanOp(shelfCalls.exportCollection.perm);
  return (
    <CrudScreen
      config={{
        resource: copyResource,
        columns: ['Barcode', 'Title', 'CallNo', 'BranchName', 'AreaName', 'ShelfMark', 'CircState', 'Price'],
        columnOverrides: {
          CircState: { valueGetter: (_v: unknown, row: CopyRow) => copyStateText(t, row.Storage, row.CircState), minWidth: en ? 210 : 130 },
          Price: { valueFormatter: (v: number) => money(v, i18n.language) },
          BranchName: { valueGetter: (_v: unknown, row: CopyRow) => (en && row.BranchEnName ? row.BranchEnName : row.BranchName) },
          AreaName: { valueGetter: (_v: unknown, row: CopyRow) => (en && row.AreaEnName ? row.AreaEnName : row.AreaName) },
        },
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
