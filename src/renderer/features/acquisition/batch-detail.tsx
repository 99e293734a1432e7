import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { Batch } from '../../../shared/api/acquisition.ts';
import { FactList } from '../../kit/crud/fact-list.tsx';
import { getQueryOptions } from '../../kit/data/resource-queries.ts';
import { useResourceLabels } from '../../kit/labels.ts';
import { batchResource } from './batch.resource.ts';
import { BatchCopiesDialog } from './batch-copies-dialog.tsx';
import { BatchStateChip, count, money, newer, percent } from './batch-format.tsx';
import { localName } from '../../lib/local-name.ts';

/**
 * The list's detail slot: the batch as GetBatchInfo has it now (a state change from the drawer
 * shows at once), its figures, and its copies in a wide dialog (the drawer is too narrow for them).
 */
export function BatchDetail({ row }: { row: Batch }) {
  const { t, i18n } = useTranslation(['acquisition', 'kit']);
  const labels = useResourceLabels(batchResource);
  const full = useQuery(getQueryOptions(batchResource, row.ID));
  const b = newer(row, full.data as Batch | undefined);
  const [copies, setCopies] = useState(false);
  const items: Array<[string, ReactNode]> = [
    ['State', <BatchStateChip key="s" state={b.State} />],
    ['BranchName', localName(b.BranchName, b.BranchEnName, i18n.language)],
    ['ResourceTypeName', b.ResourceTypeID == null ? t('detail.anyType') : localName(b.ResourceTypeName, b.ResourceTypeEnName, i18n.language)],
    ['Bookseller', b.Bookseller || '—'],
    ['Currency', labels.option('Currency', b.Currency)],
    ['DiscountRate', percent(b.DiscountRate)],
    ['RegisteredOn', b.RegisteredOn],
    ['AcceptedOn', b.AcceptedOn ?? '—'],
    ['Quantity', count(b.Quantity)],
    ['TotalPrice', money(b.TotalPrice)],
    ['TotalDiscountPrice', money(b.TotalDiscountPrice)],
    ['Note', b.Note || '—'],
  ];
  return (
    <Stack spacing={2} data-testid="batch-detail">
      <FactList facts={items.map(([name, value]) => ({ key: name, label: labels.field(name), value, testId: `batch-detail-${name}` }))} />
      <div>
        <Button variant="outlined" onClick={() => setCopies(true)} disabled={b.Quantity === 0} data-testid="batch-copies-open">
          {t('actions.copies')}
        </Button>
      </div>
      {copies && <BatchCopiesDialog batch={b} onClose={() => setCopies(false)} />}
    </Stack>
  );
}
