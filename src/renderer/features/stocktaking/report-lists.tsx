import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { GridColDef } from '@mui/x-data-grid';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { stocktakingCalls as C, type ItemKind, type StocktakeItem } from '../../../shared/api/stocktaking.ts';
import { call } from '../../lib/api-client.ts';
import { toPageQuery } from '../../lib/table-defaults.ts';
import { firstPage, KitGrid } from '../../kit/grid/kit-grid.tsx';

const KINDS: readonly ItemKind[] = ['missing', 'misplaced', 'notExpected', 'unknown', 'found'];
const COLUMNS: Record<ItemKind, ReadonlyArray<keyof StocktakeItem>> = {
  missing: ['Barcode', 'Title', 'CallNo', 'HomeArea'],
  misplaced: ['Barcode', 'Title', 'CallNo', 'HomeArea', 'FoundArea', 'FoundShelf', 'ScannedAt', 'ScannedBy'],
  notExpected: ['Barcode', 'Title', 'CallNo', 'HomeArea', 'FoundArea', 'Reason', 'ScannedAt'],
  unknown: ['Barcode', 'FoundArea', 'ScannedAt', 'ScannedBy'],
  found: ['Barcode', 'Title', 'CallNo', 'HomeArea', 'FoundArea', 'ScannedAt', 'ScannedBy'],
};

/** The report's lists of one stocktake, a tab each, paged at the gateway. */
export function ReportLists({ id }: { id: number }) {
  const { t, i18n } = useTranslation('stocktaking');
  const [kind, setKind] = useState<ItemKind>('missing');
  const [pagination, setPagination] = useState(firstPage);
  const query = { ID: id, Kind: kind, ...toPageQuery(pagination) };
  const items = useQuery({
    queryKey: ['stocktaking', 'items', query, i18n.language],
    queryFn: () => call(C.getReportItems, query),
    placeholderData: keepPreviousData,
  });
  const columns: GridColDef<StocktakeItem>[] = COLUMNS[kind].map((f) => ({
    field: f, headerName: t(`report.fields.${f}`), sortable: false,
    ...(f === 'Title' ? { flex: 1, minWidth: 220 } : { width: f === 'Barcode' || f === 'ScannedAt' ? 150 : 130 }),
    ...(f === 'Reason' ? { valueGetter: (v: string | null) => (v ? t(`reasons.${v}`) : '') } : {}),
    ...(f === 'ScannedAt' ? { valueGetter: (v: string | null) => (v ? new Date(v).toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'short' }) : '') } : {}),
  }));
  return (
    <>
      <Tabs value={kind} onChange={(_e, v: ItemKind) => { setKind(v); setPagination(firstPage()); }} aria-label={t('report.lists')} variant="scrollable">
        {KINDS.map((k) => <Tab key={k} value={k} label={t(`kinds.${k}`)} data-testid={`inventory-tab-${k}`} />)}
      </Tabs>
      <KitGrid testId="inventory-items" rows={items.data?.List ?? []} total={items.data?.Total ?? 0} loading={items.isFetching} error={items.error}
        onRetry={() => void items.refetch()} pagination={pagination} onPaginationChange={setPagination} columns={columns} getRowId={(r) => r.ID} />
    </>
  );
}
