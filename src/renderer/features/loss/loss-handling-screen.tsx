import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { LOSS_OPS, type LossRecord } from '../../../shared/api/loss.ts';
import { SearchList } from '../../kit/search-list/search-list.tsx';
import { ConfirmDialog } from '../../kit/states/confirm-dialog.tsx';
import { useCanOp } from '../../lib/use-can-op.ts';
import { AdjustDialog, CompensateDialog, SettingsDialog } from './loss-dialogs.tsx';
import { moneyColumns, yuan } from './money.ts';
import { openLossResource } from './loss.resource.ts';
import { useLossActions } from './use-loss-actions.ts';

type Open = { kind: 'compensate' | 'adjust' | 'found'; record: LossRecord } | { kind: 'settings' } | null;

/**
 * /loss-handling 丢失处理: the records not compensated yet, oldest first. Per row: record the
 * compensation (cash, a replacement copy, or waived), change the billed amount with a reason, or
 * close it because the book was found (back to its former area). The compensation rule (price ×
 * multiple + processing fee) is set here too.
 */
export default function LossHandlingScreen() {
  const { t } = useTranslation('loss');
  const canCompensate = useCanOp(LOSS_OPS.compensate);
  const canFind = useCanOp(LOSS_OPS.found);
  const canSettings = useCanOp(LOSS_OPS.settings);
  const { found } = useLossActions();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  return (
    <Stack sx={{ p: 2 }}>
      <SearchList
        config={{
          resource: openLossResource,
          filters: ['Reader', 'Book', 'BillNo', 'Kind', 'DateFrom', 'DateTo'],
          columns: ['BillNo', 'RegisteredAt', 'Kind', 'Barcode', 'Title', 'ReaderName', 'ClassName', 'Amount', 'AmountReason'],
          columnOverrides: moneyColumns,
          slots: {
            toolbar: canSettings ? <Button onClick={() => setOpen({ kind: 'settings' })}>{t('settings.button')}</Button> : null,
            rowActionLabels: [t('actions.compensate'), t('actions.adjust'), t('actions.found')],
            rowActions: (row) => (
              <>
                {canCompensate && <Button size="small" onClick={() => setOpen({ kind: 'compensate', record: row })}>{t('actions.compensate')}</Button>}
                {canCompensate && <Button size="small" onClick={() => setOpen({ kind: 'adjust', record: row })}>{t('actions.adjust')}</Button>}
                {canFind && <Button size="small" onClick={() => setOpen({ kind: 'found', record: row })}>{t('actions.found')}</Button>}
              </>
            ),
          },
        }}
      />
      {open?.kind === 'compensate' && <CompensateDialog record={open.record} onClose={close} />}
      {open?.kind === 'adjust' && <AdjustDialog record={open.record} onClose={close} />}
      {open?.kind === 'settings' && <SettingsDialog onClose={close} />}
      {open?.kind === 'found' && (
        <ConfirmDialog
          open danger={false} title={t('actions.found')} confirmLabel={t('actions.foundConfirm')}
          body={t('dialog.foundBody', { bill: open.record.BillNo, title: open.record.Title, amount: yuan(open.record.Amount) })}
          onConfirm={() => found.mutateAsync({ Barcode: open.record.Barcode })} onClose={close}
        />
      )}
    </Stack>
  );
}
