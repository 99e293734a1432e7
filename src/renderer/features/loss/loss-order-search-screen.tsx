import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { LossRecord } from '../../../shared/api/loss.ts';
import { SearchList } from '../../kit/search-list/search-list.tsx';
import { moneyColumns } from './money.ts';
import { billResource } from './loss.resource.ts';
import { LossSlip } from './loss-slip.tsx';

/**
 * /loss-order-search 赔书单查询: compensation bills by bill number, reader and state, newest first;
 * each prints as a slip (school, reader, class, book, price, amount, date, signature lines).
 */
export default function LossOrderSearchScreen() {
  const { t } = useTranslation('loss');
  const [slip, setSlip] = useState<LossRecord | null>(null);
  return (
    <Stack sx={{ p: 2 }}>
      <SearchList
        config={{
          resource: billResource,
          filters: ['BillNo', 'Reader', 'State'],
          columns: ['BillNo', 'RegisteredAt', 'ReaderName', 'ClassName', 'Title', 'Amount', 'State', 'PaidAmount'],
          columnOverrides: moneyColumns,
          slots: {
            rowActionLabels: [t('actions.slip')],
            rowActions: (row) => <Button size="small" onClick={() => setSlip(row)}>{t('actions.slip')}</Button>,
            onOpen: (row) => setSlip(row),
          },
        }}
      />
      {slip && <LossSlip record={slip} onClose={() => setSlip(null)} />}
    </Stack>
  );
}
