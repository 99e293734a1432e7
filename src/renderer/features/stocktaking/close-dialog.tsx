import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { stocktakingCalls as C } from '../../../shared/api/stocktaking.ts';
import { call } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast-store.ts';

const PREVIEW_ROWS = 200;

/** The close's preview: the copies still missing (what the close will mark lost), then the close itself. */
export function CloseDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation('stocktaking');
  const qc = useQueryClient();
  const missing = useQuery({ queryKey: ['stocktaking', 'missing', id], queryFn: () => call(C.getMissing, { ID: id, Page: 1, Rows: PREVIEW_ROWS }) });
  const close = useMutation({
    mutationFn: () => call(C.close, { ID: id }),
    onSuccess: (s) => {
      toast.text(t('close.closed', { count: s.Marked }), 'success');
      qc.setQueryData(['stocktaking', 'one', id], s);
      void qc.invalidateQueries({ queryKey: ['stocktaking'] });
      onClose();
    },
  });
  const total = missing.data?.Total ?? 0;
  const fields = ['Barcode', 'Title', 'CallNo', 'HomeArea'] as const;
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="stocktake-close-title" data-testid="stocktake-close-dialog">
      <DialogTitle id="stocktake-close-title">{t('close.title')}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 1 }} data-testid="stocktake-close-intro">{total ? t('close.intro', { count: total }) : missing.data ? t('close.none') : '…'}</Typography>
        {total ? (
          <Table size="small" data-testid="stocktake-close-preview">
            <TableHead><TableRow>{fields.map((f) => <TableCell key={f}>{t(`report.fields.${f}`)}</TableCell>)}</TableRow></TableHead>
            <TableBody>
              {missing.data!.List.map((r) => <TableRow key={r.ID}>{fields.map((f) => <TableCell key={f}>{r[f]}</TableCell>)}</TableRow>)}
            </TableBody>
          </Table>
        ) : null}
        {total > (missing.data?.List.length ?? 0) && <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>{t('close.more', { shown: missing.data!.List.length })}</Typography>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('close.cancel')}</Button>
        <Button variant="contained" color="error" disabled={!missing.data || close.isPending} onClick={() => close.mutate()} data-testid="stocktake-close-confirm">
          {t('close.confirm', { count: total })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
