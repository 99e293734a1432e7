import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { basicSetsCalls as c, FLOOR_PLAN_LIMITS, type FloorPlan } from '../../../shared/api/basic-sets.ts';
import { call } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast-store.ts';
import { errorText } from '../../kit/data/error-text.ts';
import { refOptionsQueryOptions } from '../../kit/data/resource-queries.ts';
import { FloorPlanView } from './floor-plan-view.tsx';
import { overlapping } from './floor-plan-spot.ts';
import { branchRef } from './refs.ts';

type Rect = { X: number; Y: number; W: number; H: number };
const num = (v: string, fallback: number) => (v === '' || Number.isNaN(Number(v)) ? fallback : Math.trunc(Number(v)));

function NumberField({ label, value, onChange, min, max, testId, width = 88 }: { label: string; value: number | null; onChange: (v: number) => void; min: number; max: number; testId: string; width?: number }) {
  return (
    <TextField size="small" type="number" label={label} value={value ?? ''} onChange={(e) => onChange(Math.max(min, Math.min(max, num(e.target.value, min))))}
      slotProps={{ htmlInput: { min, max, 'data-testid': testId } }} sx={{ width }} />
  );
}

/**
 * The floor plan of one branch, laid out once: the grid's size, the kiosk's cell and, per shelf
 * area of the branch, whether it is on the plan and its rectangle in cells, with the plan drawn
 * live as the numbers change. The gateway checks the same rules again when it saves.
 */
export function FloorPlanDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation(['basic-sets', 'common']);
  const qc = useQueryClient();
  const branches = useQuery({ ...refOptionsQueryOptions(branchRef), enabled: open });
  const [branch, setBranch] = useState<number | null>(null);
  const branchId = branch ?? (branches.data?.[0]?.value as number | undefined) ?? null;
  const loaded = useQuery({ queryKey: ['basic-sets', 'floorPlan', branchId], queryFn: () => call(c.floorPlanGet, { BranchID: branchId! }), enabled: open && branchId != null });
  const [draft, setDraft] = useState<FloorPlan | null>(null);
  useEffect(() => { if (loaded.data) setDraft(loaded.data); }, [loaded.data]);
  const save = useMutation({
    mutationFn: (p: FloorPlan) => call(c.floorPlanSave, {
      BranchID: p.BranchID, Cols: p.Cols, Rows: p.Rows, KioskX: p.KioskX, KioskY: p.KioskY,
      Areas: p.Areas.filter((a) => a.X != null).map((a) => ({ ShelfAreaID: a.ShelfAreaID, X: a.X!, Y: a.Y!, W: a.W!, H: a.H! })),
    }, { toast: false }),
    onSuccess: (p) => {
      qc.setQueryData(['basic-sets', 'floorPlan', p.BranchID], p);
      toast.key('basic-sets:floorPlan.saved', 'success');
      onClose();
    },
  });
  const setArea = (id: number, patch: Partial<Rect> | null) => setDraft((d) => d && ({
    ...d, Areas: d.Areas.map((a) => (a.ShelfAreaID !== id ? a : patch == null ? { ...a, X: null, Y: null, W: null, H: null } : { ...a, X: 0, Y: 0, W: 2, H: 2, ...(a.X != null ? { X: a.X, Y: a.Y, W: a.W, H: a.H } : {}), ...patch })),
  }));
  const placed = draft?.Areas.filter((a) => a.X != null).map((a) => ({ ShelfAreaID: a.ShelfAreaID, X: a.X!, Y: a.Y!, W: a.W!, H: a.H! })) ?? [];
  const clash = overlapping(placed);
  const en = i18n.language === 'en-US';
  return (
    <Dialog open={open} onClose={onClose} maxWidth="lg" fullWidth aria-labelledby="floor-plan-title">
      <DialogTitle id="floor-plan-title">{t('basic-sets:floorPlan.title')}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">{t('basic-sets:floorPlan.hint')}</Typography>
          <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
            <TextField select size="small" label={t('basic-sets:floorPlan.branch')} value={branchId ?? ''} onChange={(e) => { setDraft(null); setBranch(Number(e.target.value)); }} sx={{ minWidth: 200 }}
              slotProps={{ htmlInput: { 'data-testid': 'plan-branch' } }}>
              {branches.data?.map((b) => <MenuItem key={String(b.value)} value={b.value as number}>{b.label}</MenuItem>)}
            </TextField>
            {draft && (
              <>
                <NumberField label={t('basic-sets:floorPlan.cols')} value={draft.Cols} min={FLOOR_PLAN_LIMITS.minCols} max={FLOOR_PLAN_LIMITS.maxCols} testId="plan-cols" onChange={(v) => setDraft({ ...draft, Cols: v })} />
                <NumberField label={t('basic-sets:floorPlan.rows')} value={draft.Rows} min={FLOOR_PLAN_LIMITS.minRows} max={FLOOR_PLAN_LIMITS.maxRows} testId="plan-rows" onChange={(v) => setDraft({ ...draft, Rows: v })} />
                <NumberField label={t('basic-sets:floorPlan.kioskX')} value={draft.KioskX} min={0} max={draft.Cols - 1} testId="plan-kiosk-x" width={120} onChange={(v) => setDraft({ ...draft, KioskX: v, KioskY: draft.KioskY ?? 0 })} />
                <NumberField label={t('basic-sets:floorPlan.kioskY')} value={draft.KioskY} min={0} max={draft.Rows - 1} testId="plan-kiosk-y" width={120} onChange={(v) => setDraft({ ...draft, KioskY: v, KioskX: draft.KioskX ?? 0 })} />
                {draft.KioskX != null && <Button onClick={() => setDraft({ ...draft, KioskX: null, KioskY: null })} data-testid="plan-kiosk-clear">{t('basic-sets:floorPlan.noKiosk')}</Button>}
              </>
            )}
          </Stack>
          {draft && (
            <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 3, alignItems: 'flex-start' }}>
              <Table size="small" sx={{ flex: 1 }} data-testid="plan-areas">
                <TableHead>
                  <TableRow>
                    <TableCell padding="checkbox" sx={{ whiteSpace: 'nowrap', pr: 1 }}>{t('basic-sets:floorPlan.onPlan')}</TableCell>
                    <TableCell>{t('basic-sets:floorPlan.area')}</TableCell>
                    <TableCell>{t('basic-sets:floorPlan.rect')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {draft.Areas.map((a) => (
                    <TableRow key={a.ShelfAreaID} data-testid={`plan-row-${a.Code}`} selected={clash.has(a.ShelfAreaID)}>
                      <TableCell padding="checkbox">
                        <Checkbox checked={a.X != null} onChange={(e) => setArea(a.ShelfAreaID, e.target.checked ? {} : null)} slotProps={{ input: { 'aria-label': t('basic-sets:floorPlan.placeArea', { name: en ? a.EnName : a.Name }), ...{ 'data-testid': `plan-place-${a.Code}` } } as object }} />
                      </TableCell>
                      <TableCell>{en ? a.EnName : a.Name}<Typography variant="caption" color="text.secondary" component="div">{en ? a.AreaEnName : a.AreaName}</Typography></TableCell>
                      <TableCell>
                        {a.X != null && (
                          <Stack direction="row" spacing={1}>
                            {(['X', 'Y', 'W', 'H'] as const).map((k) => (
                              <NumberField key={k} label={t(`basic-sets:floorPlan.${k}`)} value={a[k]} width={72} testId={`plan-${a.Code}-${k}`}
                                min={k === 'W' || k === 'H' ? 1 : 0} max={k === 'X' || k === 'W' ? draft.Cols : draft.Rows} onChange={(v) => setArea(a.ShelfAreaID, { [k]: v })} />
                            ))}
                          </Stack>
                        )}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
              <Box sx={{ flexShrink: 0 }}>
                <Typography variant="subtitle2" component="p" sx={{ mb: 1 }}>{t('basic-sets:floorPlan.preview')}</Typography>
                <FloorPlanView plan={draft} lit={[...clash]} width={520} testId="plan-preview" en={en}
                  labels={{ map: t('basic-sets:floorPlan.mapLabel'), lit: (names) => t('basic-sets:floorPlan.litLabel', { names }), youAreHere: t('basic-sets:floorPlan.kioskHere') }} />
              </Box>
            </Stack>
          )}
          {clash.size > 0 && <Alert severity="warning" data-testid="plan-overlap">{t('basic-sets:floorPlan.overlap')}</Alert>}
          {save.isError && <Alert severity="error" data-testid="plan-error">{errorText(t, save.error)}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
        <Button variant="contained" disabled={!draft || save.isPending} onClick={() => draft && save.mutate(draft)} data-testid="plan-save">{t('common:actions.save')}</Button>
      </DialogActions>
    </Dialog>
  );
}
