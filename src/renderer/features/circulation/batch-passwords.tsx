import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { DataGrid, type GridColDef, type GridPaginationModel, type GridRowSelectionModel } from '@mui/x-data-grid';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  circulationPasswordCalls as P, PASSWORD_RULES, PIN_RULES, type BatchPreview, type ReaderChoice,
} from '../../../shared/api/circulation-passwords.ts';
import { IDENTITIES, type Identity } from '../../../shared/domain/identities.ts';
import { call } from '../../lib/api-client.ts';
import { gridLocaleText, toPageQuery } from '../../lib/table-defaults.ts';
import { useStartJob } from '../../lib/use-start-job.ts';

export type BatchKind = 'password' | 'pin';

/**
 * /batchpsw and /batchpsw2: choose readers (a class or department, an identity, or ticked ones),
 * choose how the new value is made, preview the exact count and who is left as they are and why,
 * then start the job. The job's report in the download panel names each reader's outcome; with
 * random PINs it is the sheet of slips, the only place those PINs ever appear.
 */
export function BatchPasswords({ kind }: { kind: BatchKind }) {
  const { t, i18n } = useTranslation(['circulation', 'screens']);
  const navigate = useNavigate();
  const path = kind === 'password' ? '/batchpsw' : '/batchpsw2';
  const [deptId, setDeptId] = useState<number | ''>('');
  const [identity, setIdentity] = useState<Identity | ''>('');
  const [search, setSearch] = useState('');
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: 20 });
  const [ticked, setTicked] = useState<Set<number>>(new Set());
  const [rule, setRule] = useState<string>(kind === 'password' ? 'fixed' : 'random');
  const [secret, setSecret] = useState('');
  const [pinLength, setPinLength] = useState(6);
  const [preview, setPreview] = useState<BatchPreview | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [started, setStarted] = useState<number | null>(null);

  const depts = useQuery({ queryKey: ['circulation', 'batch-depts'], queryFn: () => call(P.getDeptChoices, {}) });
  const list = useQuery({
    queryKey: ['circulation', 'batch-readers', deptId, identity, search, pagination],
    queryFn: () => call(P.getReaderChoices, {
      ...(deptId ? { DeptID: deptId } : {}), ...(identity ? { Identity: identity } : {}), ...(search.trim() ? { SearchKey: search.trim() } : {}), ...toPageQuery(pagination),
    }),
    placeholderData: keepPreviousData,
  });

  // Any change to who or how makes the preview stale: it must be run again before starting.
  const changed = <T,>(set: (v: T) => void) => (v: T) => { set(v); setPreview(null); setStarted(null); };
  const target = ticked.size ? { UserIDs: [...ticked] } : { ...(deptId ? { DeptID: deptId } : {}), ...(identity ? { Identity: identity } : {}) };
  const input = kind === 'password'
    ? { ...target, Rule: rule, ...(rule === 'fixed' ? { Password: secret } : {}) }
    : { ...target, Rule: rule, PinLength: pinLength, ...(rule === 'fixed' ? { Pin: secret } : {}) };

  const check = useMutation({
    mutationFn: () => call(kind === 'password' ? P.previewPasswordReset : P.previewPinSet, input as never),
    onSuccess: (p) => setPreview(p),
  });
  const start = useStartJob(kind === 'password' ? P.resetPasswords : P.setPins);

  const onSelection = (m: GridRowSelectionModel) => {
    const page = (list.data?.List ?? []).map((r) => r.ID);
    // "Tick all" in the header: the readers on this page.
    const ids = m.type === 'include' ? [...m.ids].map(Number) : page.filter((id) => !m.ids.has(id));
    setTicked(new Set(ids));
    setPreview(null);
    setStarted(null);
  };

  const yesNo = (v: boolean) => t(v ? 'passwords.yes' : 'passwords.no');
  const columns: GridColDef<ReaderChoice>[] = [
    { field: 'ReaderID', headerName: t('passwords.cols.ReaderID'), width: 150 },
    { field: 'Name', headerName: t('passwords.cols.Name'), width: 140 },
    { field: 'Identity', headerName: t('passwords.cols.Identity'), width: 100, valueFormatter: (v: Identity) => t(`passwords.identities.${v}`) },
    { field: 'ClassName', headerName: t('passwords.cols.ClassName'), flex: 1, minWidth: 160 },
    kind === 'password'
      ? { field: 'CanSignIn', headerName: t('passwords.cols.CanSignIn'), width: 110, valueFormatter: (v: boolean) => yesNo(v) }
      : { field: 'HasPin', headerName: t('passwords.cols.HasPin'), width: 130, valueFormatter: (v: boolean) => yesNo(v) },
  ];
  const rules = kind === 'password' ? PASSWORD_RULES : PIN_RULES;

  return (
    <Stack spacing={2} sx={{ p: 2, maxWidth: 1200 }}>
      <Typography variant="h5" component="h1">{t(`screens:titles.${path}`)}</Typography>

      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="subtitle1" component="h2" sx={{ mb: 1.5 }}>{t('passwords.who')}</Typography>
        <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap', mb: 1.5 }}>
          <TextField
            select size="small" sx={{ minWidth: 240 }} label={t('passwords.dept')} value={deptId}
            onChange={(e) => { changed(setDeptId)(e.target.value === '' ? '' : Number(e.target.value)); setPagination((p) => ({ ...p, page: 0 })); }}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'batch-dept' } as object } }}
          >
            <MenuItem value="">{t('passwords.anyDept')}</MenuItem>
            {(depts.data ?? []).map((d) => <MenuItem key={d.ID} value={d.ID}>{d.Name}</MenuItem>)}
          </TextField>
          <TextField
            select size="small" sx={{ minWidth: 180 }} label={t('passwords.identity')} value={identity}
            onChange={(e) => { changed(setIdentity)(e.target.value as Identity | ''); setPagination((p) => ({ ...p, page: 0 })); }}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'batch-identity' } as object } }}
          >
            <MenuItem value="">{t('passwords.anyIdentity')}</MenuItem>
            {IDENTITIES.map((i) => <MenuItem key={i} value={i}>{t(`passwords.identities.${i}`)}</MenuItem>)}
          </TextField>
          <TextField
            size="small" sx={{ minWidth: 280 }} label={t('passwords.search')} value={search}
            onChange={(e) => { setSearch(e.target.value); setPagination((p) => ({ ...p, page: 0 })); }}
            slotProps={{ htmlInput: { 'data-testid': 'batch-search', maxLength: 100 } }}
          />
        </Stack>
        <Stack direction="row" sx={{ gap: 2, alignItems: 'center', mb: 1 }}>
          <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>{t('passwords.pickHint')}</Typography>
          {ticked.size > 0 && (
            <>
              <Typography variant="body2" data-testid="batch-ticked">{t('passwords.picked', { count: ticked.size })}</Typography>
              <Button size="small" onClick={() => onSelection({ type: 'include', ids: new Set() })}>{t('passwords.clearPicked')}</Button>
            </>
          )}
        </Stack>
        <div data-testid="batch-grid">
        <DataGrid
          rows={list.data?.List ?? []}
          getRowId={(r) => r.ID}
          columns={columns}
          rowCount={list.data?.Total ?? 0}
          loading={list.isFetching}
          paginationMode="server"
          paginationModel={pagination}
          onPaginationModelChange={setPagination}
          pageSizeOptions={[10, 20, 50, 100]}
          checkboxSelection
          keepNonExistentRowsSelected
          rowSelectionModel={{ type: 'include', ids: new Set(ticked) }}
          onRowSelectionModelChange={onSelection}
          localeText={gridLocaleText(i18n.language)}
          autoHeight
        />
        </div>
      </Paper>

      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>{t('passwords.newValue')}</Typography>
        <FormLabel id="batch-rule-label" sx={{ display: 'none' }}>{t('passwords.newValue')}</FormLabel>
        <RadioGroup aria-labelledby="batch-rule-label" value={rule} onChange={(e) => changed(setRule)(e.target.value)}>
          {rules.map((r) => <FormControlLabel key={r} value={r} control={<Radio slotProps={{ input: { 'data-testid': `batch-rule-${r}` } as object }} />} label={t(`passwords.rules.${kind}.${r}`)} />)}
        </RadioGroup>
        <Stack direction="row" sx={{ gap: 2, mt: 1, flexWrap: 'wrap' }}>
          {rule === 'fixed' && (
            <TextField
              size="small" type="password" sx={{ minWidth: 280 }} value={secret} onChange={(e) => changed(setSecret)(e.target.value)}
              label={t(kind === 'password' ? 'passwords.password' : 'passwords.pin')}
              helperText={kind === 'password' ? t('passwords.passwordHelp') : t('passwords.pinFormat')}
              slotProps={{ htmlInput: { 'data-testid': 'batch-secret', maxLength: kind === 'password' ? 128 : 6, autoComplete: 'new-password', ...(kind === 'pin' ? { inputMode: 'numeric' } : {}) } }}
            />
          )}
          {kind === 'pin' && rule !== 'fixed' && (
            <TextField
              select size="small" sx={{ minWidth: 120 }} label={t('passwords.pinLength')} value={pinLength} onChange={(e) => changed(setPinLength)(Number(e.target.value))}
              slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'batch-pin-length' } as object } }}
            >
              {[4, 5, 6].map((n) => <MenuItem key={n} value={n}>{n}</MenuItem>)}
            </TextField>
          )}
        </Stack>
        {kind === 'password' && <Alert severity="info" sx={{ mt: 2 }}>{t('passwords.noMustChange')}</Alert>}
      </Paper>

      <Stack direction="row" sx={{ gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Button variant="outlined" disabled={check.isPending} onClick={() => check.mutate()} data-testid="batch-preview">{t('passwords.preview')}</Button>
        {preview && (
          <Button variant="contained" disabled={!preview.Changes || start.isPending} onClick={() => setConfirming(true)} data-testid="batch-start">
            {t(kind === 'password' ? 'passwords.startPasswords' : 'passwords.startPins', { count: preview.Changes })}
          </Button>
        )}
      </Stack>

      {preview && (
        <Paper variant="outlined" sx={{ p: 2 }} data-testid="batch-preview-result">
          <Typography variant="body1">{t('passwords.previewLine', { total: preview.Total, changes: preview.Changes, skipped: preview.SkippedTotal })}</Typography>
          {preview.Skipped.length > 0 && (
            <>
              <Typography variant="subtitle2" component="h2" sx={{ mt: 1.5 }}>{t('passwords.skippedHeading')}</Typography>
              <Table size="small">
                <TableHead>
                  <TableRow>
                    <TableCell>{t('passwords.cols.ReaderID')}</TableCell>
                    <TableCell>{t('passwords.cols.Name')}</TableCell>
                    <TableCell>{t('passwords.reportCols.Outcome')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {preview.Skipped.map((s) => (
                    <TableRow key={s.UserID}>
                      <TableCell>{s.ReaderID}</TableCell>
                      <TableCell>{s.Name}</TableCell>
                      <TableCell>{t(`passwords.skip.${s.Reason}`)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </>
          )}
        </Paper>
      )}

      {started != null && (
        <Alert severity="success" data-testid="batch-started" action={<Button color="inherit" size="small" onClick={() => void navigate('/process')}>{t('passwords.openPanel')}</Button>}>
          {t('passwords.started', { count: started })}
        </Alert>
      )}

      <Dialog open={confirming} onClose={() => setConfirming(false)} data-testid="batch-confirm">
        <DialogTitle>{t('passwords.confirmTitle', { count: preview?.Changes ?? 0 })}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t(kind === 'password' ? 'passwords.confirmPasswords' : 'passwords.confirmPins')}</DialogContentText>
          {kind === 'pin' && rule === 'random' && <DialogContentText sx={{ mt: 1 }}>{t('passwords.confirmRandom')}</DialogContentText>}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{t('passwords.cancel')}</Button>
          <Button
            variant="contained" data-testid="batch-confirm-ok" disabled={start.isPending}
            onClick={() => start.mutate(input as never, {
              onSuccess: (r) => { setStarted((r as { Changes: number }).Changes); setPreview(null); setConfirming(false); },
              onError: () => setConfirming(false),
            })}
          >
            {t('passwords.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
