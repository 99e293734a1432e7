import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LANGUAGES, type Language } from '../../../shared/domain/ui-constants.ts';
import { authCalls } from '../../../shared/api/auth.ts';
import { apiBaseUrl, call } from '../../lib/api-client.ts';
import { bridge, isDesktop } from '../../lib/bridge.ts';
import { changeLanguage } from '../../lib/i18n.ts';
import { isLanguage } from '../../lib/language.ts';
import { themeModeStore, useThemeMode, type ThemeMode } from '../../lib/ui-settings.ts';
import { toast } from '../../lib/toast-store.ts';
import { setWorkstationName, workstationName, WORKSTATION_MAX } from '../../lib/workstation.ts';

const THEMES: readonly ThemeMode[] = ['light', 'dark', 'system'];

/** Gateway address: editable in the desktop (restarts the window), read-only in a browser. */
function GatewaySection() {
  const { t } = useTranslation('settings');
  const desktop = isDesktop();
  const [current, setCurrent] = useState<{ url: string; embedded: boolean } | null>(desktop ? null : { url: apiBaseUrl(), embedded: false });
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!desktop) return;
    void Promise.all([bridge.getGatewayAddress(), bridge.getSettings()]).then(([addr, settings]) => {
      if (addr.ok) setCurrent(addr.data);
      if (settings.ok) setDraft(settings.data.gatewayUrl ?? '');
    });
  }, [desktop]);

  const save = async (url: string | null) => {
    setError(null);
    if (url != null) {
      try {
        const u = new URL(url);
        if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('protocol');
      } catch {
        setError(t('gateway.invalid'));
        return;
      }
    }
    const res = await bridge.setSettings({ gatewayUrl: url });
    if (!res.ok) setError(res.error.message.includes(':') ? t(res.error.message) : res.error.message);
    else toast.key('settings:gateway.saved', 'success');
  };

  return (
    <Stack spacing={2}>
      <Typography variant="subtitle1">{t('gateway.title')}</Typography>
      <TextField label={t('gateway.current')} value={current?.url ?? ''} slotProps={{ input: { readOnly: true }, htmlInput: { 'data-testid': 'gateway-current' } }} helperText={current?.embedded ? t('gateway.embedded') : ' '} />
      {desktop ? (
        <>
          <TextField
            label={t('gateway.remote')}
            placeholder="https://library.example.edu"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            error={error != null}
            helperText={error ?? t('gateway.restartNote')}
            slotProps={{ htmlInput: { 'data-testid': 'gateway-input' } }}
          />
          <Stack direction="row" spacing={1}>
            <Button variant="contained" onClick={() => void save(draft.trim() || null)} data-testid="gateway-save">{t('gateway.save')}</Button>
            <Button onClick={() => void save(null)}>{t('gateway.useEmbedded')}</Button>
          </Stack>
        </>
      ) : (
        <Alert severity="info" data-testid="gateway-browser-note">{t('gateway.browserNote')}</Alert>
      )}
    </Stack>
  );
}

/** This computer's name in the operation log (lib/workstation.ts). */
function WorkstationSection() {
  const { t } = useTranslation('settings');
  const [draft, setDraft] = useState(workstationName);
  const tooLong = draft.trim().length > WORKSTATION_MAX;
  return (
    <Stack spacing={2}>
      <Typography variant="subtitle1">{t('workstation.title')}</Typography>
      <TextField
        label={t('workstation.label')}
        placeholder={t('workstation.placeholder')}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        error={tooLong}
        helperText={tooLong ? t('workstation.tooLong', { max: WORKSTATION_MAX }) : t('workstation.help')}
        slotProps={{ htmlInput: { 'data-testid': 'workstation-input' } }}
      />
      <Stack direction="row">
        <Button
          variant="outlined"
          disabled={tooLong}
          data-testid="workstation-save"
          onClick={() => {
            setWorkstationName(draft);
            setDraft(workstationName());
            toast.key('settings:workstation.saved', 'success');
          }}
        >
          {t('workstation.save')}
        </Button>
      </Stack>
    </Stack>
  );
}

/** /setting: language, theme, the gateway address and (composed in by app/) the desk's devices. */
export default function SettingScreen({ devices }: { devices?: ReactNode }) {
  const { t, i18n } = useTranslation('settings');
  const mode = useThemeMode();
  const lang: Language = isLanguage(i18n.language) ? i18n.language : 'zh-CN';
  return (
    <Card variant="outlined" sx={{ maxWidth: 640 }}>
      <CardContent>
        <Stack spacing={3}>
          <Typography variant="h6" component="h1">{t('title')}</Typography>
          <FormControl>
            <InputLabel id="setting-language">{t('language')}</InputLabel>
            <Select
              labelId="setting-language"
              label={t('language')}
              value={lang}
              data-testid="setting-language"
              onChange={(e) => {
                const v = e.target.value;
                if (isLanguage(v)) {
                  void changeLanguage(v);
                  void bridge.setSettings({ language: v });
                  void call(authCalls.language, { Language: v }).catch(() => undefined);
                }
              }}
            >
              {LANGUAGES.map((l) => (
                <MenuItem key={l} value={l}>{t(`languages.${l}`)}</MenuItem>
              ))}
            </Select>
          </FormControl>
          <FormControl>
            <InputLabel id="setting-theme">{t('theme.label')}</InputLabel>
            <Select
              labelId="setting-theme"
              label={t('theme.label')}
              value={mode}
              data-testid="setting-theme"
              onChange={(e) => {
                const v = e.target.value as ThemeMode;
                themeModeStore.set(v);
                void bridge.setSettings({ theme: v });
              }}
            >
              {THEMES.map((m) => (
                <MenuItem key={m} value={m}>{t(`theme.${m}`)}</MenuItem>
              ))}
            </Select>
          </FormControl>
          <WorkstationSection />
          <GatewaySection />
          {devices}
        </Stack>
      </CardContent>
    </Card>
  );
}
