import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Batch, BatchCopy } from '../../../shared/api/acquisition.ts';
import { listQueryOptions } from '../../kit/data/resource-queries.ts';
import { firstPage } from '../../kit/grid/kit-grid.tsx';
import { ResourceGrid } from '../../kit/grid/resource-grid.tsx';
import { useResourceLabels } from '../../kit/labels.ts';
import { batchCopyResource } from './batch.resource.ts';
import { count, money } from './batch-format.tsx';
import { localName } from '../../lib/local-name.ts';

export const COPY_COLUMNS = ['Barcode', 'Title', 'CallNo', 'BranchName', 'Price', 'DiscountPrice'] as const;
const MONEY = { type: 'number' as const, valueFormatter: (v: unknown) => money(v) };

/** The copies registered against one batch, paged at the gateway, searchable by barcode, title or call number. */
export function BatchCopiesDialog({ batch, onClose }: { batch: Batch; onClose: () => void }) {
  const { t, i18n } = useTranslation(['acquisition', 'kit', 'common']);
  const labels = useResourceLabels(batchCopyResource);
  const [pagination, setPagination] = useState(firstPage);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const query = { BatchID: batch.ID, Page: pagination.page + 1, Rows: pagination.pageSize, ...(search ? { SearchKey: search } : {}) };
  const list = useQuery(listQueryOptions(batchCopyResource, query));
  const titleId = `batch-copies-title-${batch.ID}`;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="lg" aria-labelledby={titleId} data-testid="batch-copies">
      <DialogTitle id={titleId}>{t('detail.copiesTitle', { no: batch.BatchNo })}</DialogTitle>
      <DialogContent>
        <Stack spacing={1.5}>
          <Typography variant="body2" data-testid="batch-copies-summary">
            {t('detail.summary', { count: count(batch.Quantity), total: money(batch.TotalPrice), paid: money(batch.TotalDiscountPrice), currency: t(`resources.batch.options.Currency.${batch.Currency}`) })}
          </Typography>
          <Stack
            component="form"
            direction="row"
            spacing={1}
            onSubmit={(e) => {
              e.preventDefault();
              setSearch(typed.trim());
              setPagination((p) => ({ ...p, page: 0 }));
            }}
          >
            <TextField size="small" label={t('detail.search')} value={typed} onChange={(e) => setTyped(e.target.value)} slotProps={{ htmlInput: { 'data-testid': 'batch-copies-search', maxLength: 200 } }} />
            <Button type="submit" variant="contained" data-testid="batch-copies-search-submit">{t('kit:search.submit')}</Button>
          </Stack>
          <ResourceGrid
            resource={batchCopyResource}
            labels={labels}
            list={list}
            pagination={pagination}
            onPaginationChange={setPagination}
            columns={COPY_COLUMNS}
            columnOverrides={{
              Price: MONEY,
              DiscountPrice: MONEY,
              BranchName: { valueGetter: (_v: unknown, row: BatchCopy) => localName(row.BranchName, row.BranchEnName, i18n.language) },
            }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="batch-copies-close">{t('detail.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
