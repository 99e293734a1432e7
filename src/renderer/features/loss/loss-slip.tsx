import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import GlobalStyles from '@mui/material/GlobalStyles';
import Typography from '@mui/material/Typography';
import type { LossRecord } from '../../../shared/api/loss.ts';
import { useSession } from '../../lib/use-session.ts';
import { yuan } from './money.ts';

const SLIP_CLASS = 'loss-slip-dialog';

/**
 * The compensation slip (赔书单) of one bill, print-friendly: the school, the bill, the reader and
 * class, the book and its price, the amount and state, the date and signature lines. Printing hides
 * everything but the slip (the app behind the dialog and the dialog's buttons).
 */
export function LossSlip({ record, onClose }: { record: LossRecord; onClose: () => void }) {
  const { t } = useTranslation('loss');
  const school = useSession().user?.SchoolName ?? '';
  const rows: Array<[string, string]> = [
    [t('fields.BillNo'), record.BillNo],
    [t('fields.ReaderName'), record.ReaderName ? `${record.ReaderName} (${record.ReaderID})` : t('dialog.noReader')],
    [t('fields.ClassName'), record.ClassName || '—'],
    [t('fields.Title'), record.Title],
    [t('fields.Barcode'), record.Barcode],
    [t('fields.Price'), yuan(record.Price)],
    [t('fields.Kind'), t(`kind.${record.Kind}`)],
    [t('fields.Amount'), yuan(record.Amount)],
    [t('fields.State'), t(`state.${record.State}`) + (record.PayWay ? ` · ${t(`payWay.${record.PayWay}`)} ${yuan(record.PaidAmount)}` : '')],
    [t('fields.RegisteredAt'), dayjs(record.RegisteredAt).format('YYYY-MM-DD')],
  ];
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth className={SLIP_CLASS} data-testid="loss-slip" aria-labelledby="loss-slip-title">
      <GlobalStyles styles={{
        '@media print': {
          [`body > *:not(.${SLIP_CLASS})`]: { display: 'none !important' },
          [`.${SLIP_CLASS} .MuiBackdrop-root, .${SLIP_CLASS} .slip-actions`]: { display: 'none !important' },
          [`.${SLIP_CLASS} .MuiDialog-paper`]: { boxShadow: 'none', margin: 0, maxWidth: 'none', width: '100%' },
        },
      }} />
      <DialogContent>
        <Box sx={{ color: 'text.primary', fontSize: 15 }}>
          <Typography id="loss-slip-title" variant="h6" component="h2" align="center">{school}</Typography>
          <Typography variant="subtitle1" component="p" align="center" sx={{ mb: 2 }}>{t('slip.title')}</Typography>
          <Box component="table" sx={{ width: '100%', borderCollapse: 'collapse', '& th, & td': { border: '1px solid', borderColor: 'text.primary', p: 1, textAlign: 'left' }, '& th': { width: 140, fontWeight: 500 } }}>
            <tbody>
              {rows.map(([k, v]) => <tr key={k}><th scope="row">{k}</th><td>{v}</td></tr>)}
            </tbody>
          </Box>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 5, gap: 4 }}>
            <span>{t('slip.readerSign')} ________________</span>
            <span>{t('slip.staffSign')} ________________</span>
          </Box>
          <Box sx={{ mt: 3, textAlign: 'right' }}>{t('slip.date')} ____ / ____ / ________</Box>
        </Box>
      </DialogContent>
      <DialogActions className="slip-actions">
        <Button onClick={onClose}>{t('slip.close')}</Button>
        <Button variant="contained" onClick={() => window.print()} data-testid="loss-slip-print">{t('slip.print')}</Button>
      </DialogActions>
    </Dialog>
  );
}
