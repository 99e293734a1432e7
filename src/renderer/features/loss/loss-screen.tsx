import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { LOSS_OPS, type LostCopy } from '../../../shared/api/loss.ts';
import { SearchList } from '../../kit/search-list/search-list.tsx';
import { ConfirmDialog } from '../../kit/states/confirm-dialog.tsx';
import { useCanOp } from '../../lib/use-can-op.ts';
import { moneyColumns } from './money.ts';
import { lostCopyResource } from './loss.resource.ts';
import { useLossActions } from './use-loss-actions.ts';

/**
 * /loss 丢失图书: every copy lost now (storage area 6), newest loss first, with its bill and reader
 * if it has a loss record. Found sends it back to its former area (its record becomes retrieved);
 * write off weeds it for good (BorrowingBookWeeding), keeping the record and what is owed.
 */
export default function LossScreen() {
  const { t } = useTranslation('loss');
  const canFind = useCanOp(LOSS_OPS.found);
  const canWriteOff = useCanOp(LOSS_OPS.writeOff);
  const { found, writeOff } = useLossActions();
  const [open, setOpen] = useState<{ kind: 'found' | 'writeOff'; copy: LostCopy } | null>(null);
  return (
    <Stack sx={{ p: 2 }}>
      <SearchList
        config={{
          resource: lostCopyResource,
          columns: ['Barcode', 'Title', 'CallNo', 'BranchName', 'Price', 'LostAt', 'BillNo', 'ReaderName', 'State'],
          columnOverrides: moneyColumns,
          slots: {
            rowActionLabels: [t('actions.found'), t('actions.writeOff')],
            rowActions: (row) => (
              <>
                {canFind && <Button size="small" onClick={() => setOpen({ kind: 'found', copy: row })}>{t('actions.found')}</Button>}
                {canWriteOff && <Button size="small" color="error" onClick={() => setOpen({ kind: 'writeOff', copy: row })}>{t('actions.writeOff')}</Button>}
              </>
            ),
          },
        }}
      />
      {open && (
        <ConfirmDialog
          open danger={open.kind === 'writeOff'}
          title={t(`actions.${open.kind}`)}
          confirmLabel={t(open.kind === 'found' ? 'actions.foundConfirm' : 'actions.writeOffConfirm')}
          body={t(open.kind === 'found' ? 'dialog.foundCopyBody' : 'dialog.writeOffBody', { barcode: open.copy.Barcode, title: open.copy.Title })}
          onConfirm={() => (open.kind === 'found'
            ? found.mutateAsync({ Barcode: open.copy.Barcode })
            : writeOff.mutateAsync({ Barcode: open.copy.Barcode, Kind: 'shelf', Note: '' }))}
          onClose={() => setOpen(null)}
        />
      )}
    </Stack>
  );
}
