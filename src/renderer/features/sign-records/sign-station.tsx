import { useRef, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { signRecordCalls as C } from '../../../shared/api/sign-records.ts';
import { call } from '../../lib/api-client.ts';
import { useScannerBursts } from '../../lib/scanner-bursts.ts';
import { useSignStation, type StationEntry } from './use-sign-station.ts';

function EntryLine({ e }: { e: StationEntry }) {
  const { t } = useTranslation('sign-records');
  const r = e.record;
  const time = r ? dayjs(r.At).format('HH:mm') : '';
  const primary = e.kind === 'counted' ? t('station.counted', { name: r!.ReaderName })
    : e.kind === 'already' ? t('station.already', { name: r!.ReaderName, time })
      : t('station.refusedLine', { card: e.card, reason: e.error?.(t) ?? '' });
  const secondary = r ? [r.ReaderID, r.ClassName, e.kind === 'counted' ? time : '', e.cardStatus ? t('station.cardStatus', { status: e.cardStatus }) : ''].filter(Boolean).join(' · ') : '';
  return (
    <ListItem divider data-testid={`sign-entry-${e.kind}`}>
      <Chip size="small" sx={{ mr: 2, minWidth: 72 }} color={e.kind === 'counted' ? 'success' : e.kind === 'already' ? 'info' : 'error'}
        label={t(`result.${e.kind}`)} />
      <ListItemText primary={primary} secondary={secondary} />
    </ListItem>
  );
}

/**
 * The sign-in station: a reader scans their card entering the library or a reading room. The place
 * (library, reading room, station name) is chosen once and kept on this computer. The box keeps the
 * focus; a scanner burst reaches it even when the focus is elsewhere. A repeat within 10 minutes is
 * told and not counted again.
 */
export function SignStation() {
  const { t, i18n } = useTranslation('sign-records');
  const station = useSignStation();
  const [code, setCode] = useState('');
  const box = useRef<HTMLInputElement>(null);
  const branches = useQuery({ queryKey: ['sign-records', 'branches', i18n.language], queryFn: () => call(C.getBranchOptions, {}) });
  const rooms = useQuery({ queryKey: ['sign-records', 'rooms'], queryFn: () => call(C.getRooms, {}) });
  const branchId = station.place.BranchID ?? branches.data?.[0]?.ID ?? null;
  const place = { ...station.place, BranchID: branchId };

  useScannerBursts((scanned) => {
    station.scan(scanned, place);
    box.current?.focus();
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    station.scan(code, place);
    setCode('');
    box.current?.focus();
  };
  const counted = station.log.filter((e) => e.kind === 'counted').length;

  return (
    <Stack spacing={2} sx={{ maxWidth: 1100 }}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="subtitle1" component="h2" sx={{ mb: 1.5 }}>{t('station.heading')}</Typography>
        <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
          <TextField
            select label={t('station.branch')} value={branchId ?? ''} sx={{ width: 200 }}
            onChange={(e) => station.setPlace({ BranchID: Number(e.target.value) })}
            slotProps={{ htmlInput: { 'data-testid': 'sign-branch' } }}
          >
            {(branches.data ?? []).map((b) => <MenuItem key={b.ID} value={b.ID}>{b.Name}</MenuItem>)}
          </TextField>
          <Autocomplete
            freeSolo options={rooms.data ?? []} value={station.place.Room} sx={{ width: 240 }}
            onInputChange={(_e, v) => station.setPlace({ Room: v })}
            renderInput={(p) => <TextField {...p} label={t('station.room')} helperText={t('station.roomHelp')} slotProps={{ ...p.slotProps, htmlInput: { ...p.slotProps.htmlInput, maxLength: 50, 'data-testid': 'sign-room' } }} />}
          />
          <TextField
            label={t('station.stationName')} helperText={t('station.stationHelp')} value={station.place.Station} sx={{ width: 220 }}
            onChange={(e) => station.setPlace({ Station: e.target.value })} slotProps={{ htmlInput: { maxLength: 50 } }}
          />
        </Stack>
      </Paper>
      <Paper variant="outlined" component="form" onSubmit={submit} sx={{ p: 2 }}>
        <Stack direction="row" sx={{ gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <TextField
            inputRef={box} autoFocus value={code} onChange={(e) => setCode(e.target.value)} sx={{ width: 420, maxWidth: '100%' }}
            label={t('station.scanLabel')} helperText={t('station.scanHelp')}
            slotProps={{ htmlInput: { 'data-testid': 'sign-scan', maxLength: 64, autoComplete: 'off' } }}
          />
          <Button type="submit" variant="contained" sx={{ mt: 1 }}>{t('station.signIn')}</Button>
        </Stack>
        {place.BranchID == null && !branches.isPending ? <Alert severity="warning" sx={{ mt: 1 }}>{t('validation:required.branch')}</Alert> : null}
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
          <Typography variant="subtitle1" component="h2">{t('station.recent')}</Typography>
          <Typography variant="body2" color="text.secondary" data-testid="sign-count">{t('station.visitsToday', { count: counted })}</Typography>
        </Stack>
        {station.log.length
          ? <List dense>{station.log.map((e) => <EntryLine key={e.key} e={e} />)}</List>
          : <Typography variant="body2" color="text.secondary">{t('station.empty')}</Typography>}
      </Paper>
    </Stack>
  );
}
