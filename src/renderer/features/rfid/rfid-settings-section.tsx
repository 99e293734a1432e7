import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { RFID_DEVICE_TYPES, TAG_FORMATS, type RfidSettings, type RfidStatus, type TagReading } from '../../../shared/ipc/contract.ts';
import { bridge, bridgeErrorKey, isDesktop, BROWSER_UNSUPPORTED } from '../../lib/bridge.ts';

const EMPTY: RfidSettings = { type: '3m-810', port: '', tagFormat: '28560-2', ownerLibrary: '' };
const STATE_COLOR = { off: 'default', connecting: 'info', ready: 'success', unavailable: 'error' } as const;
const hex2 = (n: number | undefined) => (n == null ? '—' : `0x${n.toString(16).toUpperCase().padStart(2, '0')}`);

/**
 * The desk's RFID board on /setting: model, port, tag format and ISIL, kept by the desktop app
 * (main), with its connection state and a test read. In a browser it says it cannot.
 */
export function RfidSettingsSection() {
  const { t } = useTranslation(['rfid', 'errors']);
  const desktop = isDesktop();
  const [draft, setDraft] = useState<RfidSettings>(EMPTY);
  const [status, setStatus] = useState<RfidStatus | null>(null);
  const [ports, setPorts] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [tag, setTag] = useState<TagReading | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!desktop) return;
    void bridge.rfidStatus().then((r) => {
      if (!r.ok) return;
      setStatus(r.data);
      if (r.data.config) setDraft(r.data.config);
    });
    void bridge.rfidListPorts().then((r) => r.ok && setPorts(r.data.map((p) => p.path)));
  }, [desktop]);

  if (!desktop) {
    return (
      <Stack spacing={1}>
        <Typography variant="subtitle1" component="h2">{t('rfid:title')}</Typography>
        <Alert severity="info" data-testid="rfid-browser-note">{t(BROWSER_UNSUPPORTED)}</Alert>
      </Stack>
    );
  }

  const run = async <T,>(op: () => Promise<{ ok: true; data: T } | { ok: false; error: { code: string; message: string } }>, then: (d: T) => void) => {
    setBusy(true);
    setError(null);
    try {
      const r = await op();
      if (r.ok) then(r.data);
      else setError(t(bridgeErrorKey(r.error)));
    } finally {
      setBusy(false);
    }
  };
  const isil = /^[A-Za-z0-9\-:]*$/.test(draft.ownerLibrary) && draft.ownerLibrary.length <= 16;

  return (
    <Stack spacing={2} data-testid="rfid-section">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="subtitle1" component="h2">{t('rfid:title')}</Typography>
        {status && <Chip size="small" color={STATE_COLOR[status.state]} label={t(`rfid:state.${status.state}`)} data-testid="rfid-state" />}
      </Stack>
      <Typography variant="body2" color="text.secondary">{t('rfid:intro')}</Typography>
      {status?.state === 'unavailable' && (
        <Alert severity="error" data-testid="rfid-unavailable">
          {t('rfid:errors.unavailable')}
          {status.detail ? ` — ${status.detail}` : ''}
        </Alert>
      )}
      <FormControl>
        <InputLabel id="rfid-type">{t('rfid:type')}</InputLabel>
        <Select labelId="rfid-type" label={t('rfid:type')} value={draft.type} onChange={(e) => setDraft({ ...draft, type: e.target.value as RfidSettings['type'] })} data-testid="rfid-type">
          {RFID_DEVICE_TYPES.map((d) => <MenuItem key={d} value={d}>{t(`rfid:types.${d}`)}</MenuItem>)}
        </Select>
      </FormControl>
      <Autocomplete
        freeSolo
        options={ports}
        value={draft.port}
        onInputChange={(_e, v) => setDraft((d) => ({ ...d, port: v }))}
        renderInput={(params) => <TextField {...params} label={t('rfid:port')} helperText={t(draft.type === 'rrhfoem04' ? 'rfid:portHelpHid' : 'rfid:portHelp')} slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'rfid-port' } }} />}
      />
      <FormControl>
        <InputLabel id="rfid-format">{t('rfid:tagFormat')}</InputLabel>
        <Select labelId="rfid-format" label={t('rfid:tagFormat')} value={draft.tagFormat} onChange={(e) => setDraft({ ...draft, tagFormat: e.target.value as RfidSettings['tagFormat'] })}>
          {TAG_FORMATS.map((f) => <MenuItem key={f} value={f}>{t(`rfid:formats.${f}`)}</MenuItem>)}
        </Select>
      </FormControl>
      <TextField label={t('rfid:ownerLibrary')} value={draft.ownerLibrary} error={!isil} helperText={t('rfid:ownerLibraryHelp')} onChange={(e) => setDraft({ ...draft, ownerLibrary: e.target.value.trim() })} slotProps={{ htmlInput: { maxLength: 16 } }} />
      {error && <Alert severity="error" data-testid="rfid-error">{error}</Alert>}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button variant="contained" disabled={busy || (!draft.port.trim() && draft.type !== 'rrhfoem04') || !isil} onClick={() => void run(() => bridge.rfidConfigure({ ...draft, port: draft.port.trim() }), setStatus)} data-testid="rfid-connect">{t('rfid:connect')}</Button>
        <Button disabled={busy || status?.state !== 'ready'} onClick={() => void run(() => bridge.rfidReadTag(), setTag)} data-testid="rfid-read">{t('rfid:readTag')}</Button>
        <Button color="inherit" disabled={busy || !status?.config} onClick={() => void run(() => bridge.rfidConfigure(null), (s) => { setStatus(s); setTag(null); })}>{t('rfid:disconnect')}</Button>
      </Stack>
      {tag && (
        <Stack component="dl" spacing={0.5} sx={{ m: 0 }} data-testid="rfid-tag">
          {[
            [t('rfid:tag.uid'), tag.uid],
            [t('rfid:tag.afi'), hex2(tag.afi)],
            [t('rfid:tag.barcode'), tag.data?.primaryItemId ?? t('rfid:tag.blank')],
            [t('rfid:tag.owner'), tag.data?.ownerLibrary ?? '—'],
            [t('rfid:tag.format'), tag.format ? t(`rfid:formats.${tag.format}`) : '—'],
          ].map(([k, v]) => (
            <Stack key={k} direction="row" spacing={1}>
              <Typography component="dt" variant="body2" color="text.secondary" sx={{ minWidth: 120 }}>{k}</Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, fontFamily: 'monospace' }}>{v}</Typography>
            </Stack>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
