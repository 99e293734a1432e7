import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import MenuItem from '@mui/material/MenuItem';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { basicSetsCalls as c, type PositionPlan } from '../../../shared/api/basic-sets.ts';
import { call } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast-store.ts';
import { refOptionsQueryOptions, resourceKey } from '../../kit/data/resource-queries.ts';
import { errorText } from '../../kit/data/error-text.ts';
import { shelfRef } from './refs.ts';
import { shelfPositionResource } from './shelf-position.resource.ts';

/**
 * Batch generation of shelf positions: pick shelves → preview (how many new per shelf, sample
 * codes; writes nothing) → confirm. Changing the selection drops the preview, so what is
 * confirmed is always what was previewed.
 */
export function GeneratePositionsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['basic-sets', 'kit', 'common']);
  const qc = useQueryClient();
  const [ids, setIds] = useState<number[]>([]);
  const [plan, setPlan] = useState<PositionPlan[] | null>(null);
  const options = useQuery({ ...refOptionsQueryOptions(shelfRef), enabled: open });
  const labelsOf = (v: number[]) => v.map((id) => options.data?.find((o) => o.value === id)?.label ?? id).join(', ');
  const preview = useMutation({ mutationFn: () => call(c.positionPreview, { ShelfIDs: ids }, { toast: false }), onSuccess: setPlan });
  const generate = useMutation({
    mutationFn: () => call(c.positionGenerate, { ShelfIDs: ids }, { toast: false }),
    onSuccess: async (r) => {
      toast.text(t('basic-sets:positions.generated', { count: r.Created }), 'success');
      await qc.invalidateQueries({ queryKey: resourceKey(shelfPositionResource) });
      close();
    },
  });
  const close = () => {
    setIds([]);
    setPlan(null);
    preview.reset();
    generate.reset();
    onClose();
  };
  const newTotal = plan?.reduce((n, p) => n + p.New, 0) ?? 0;
  const error = preview.error ?? generate.error;

  return (
    <Dialog open={open} onClose={close} maxWidth="sm" fullWidth data-testid="generate-positions">
      <DialogTitle>{t('basic-sets:positions.generateTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            select
            size="small"
            label={t('basic-sets:positions.shelves')}
            value={ids}
            onChange={(e) => {
              const v = e.target.value as unknown as number[];
              setIds(v);
              setPlan(null);
            }}
            slotProps={{ select: { multiple: true, renderValue: (v) => labelsOf(v as number[]) }, htmlInput: { 'data-testid': 'generate-shelves' } }}
          >
            {(options.data ?? []).map((o) => (
              <MenuItem key={o.value} value={o.value} data-testid={`shelf-option-${o.value}`}>{o.label}</MenuItem>
            ))}
          </TextField>
          {error && <Alert severity="error">{errorText(t, error)}</Alert>}
          {plan && (
            <>
              <Table size="small" data-testid="generate-preview">
                <TableHead>
                  <TableRow>
                    <TableCell>{t('basic-sets:positions.shelf')}</TableCell>
                    <TableCell align="right">{t('basic-sets:positions.total')}</TableCell>
                    <TableCell align="right">{t('basic-sets:positions.new')}</TableCell>
                    <TableCell>{t('basic-sets:positions.sample')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {plan.map((p) => (
                    <TableRow key={p.ShelfID}>
                      <TableCell>{p.ShelfCode}</TableCell>
                      <TableCell align="right">{p.Total}</TableCell>
                      <TableCell align="right">{p.New}</TableCell>
                      <TableCell>{p.Sample.join('  ')}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
              <Alert severity={newTotal > 0 ? 'info' : 'success'} data-testid="generate-summary">
                {newTotal > 0 ? t('basic-sets:positions.willCreate', { count: newTotal }) : t('basic-sets:positions.nothingNew')}
              </Alert>
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('common:actions.cancel')}</Button>
        {plan == null ? (
          <Button variant="contained" disabled={ids.length === 0 || preview.isPending} onClick={() => preview.mutate()} data-testid="generate-preview-button">
            {t('basic-sets:positions.preview')}
          </Button>
        ) : (
          <Button variant="contained" disabled={newTotal === 0 || generate.isPending} onClick={() => generate.mutate()} data-testid="generate-confirm">
            {t('basic-sets:positions.confirm', { count: newTotal })}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
