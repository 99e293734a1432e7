import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { SEARCH_EDIT, searchAdminCalls as C } from '../../../shared/api/search-admin.ts';
import { call } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast-store.ts';
import { useCanOp } from '../../lib/use-can-op.ts';

const KEY = ['search-admin', 'portal-settings'];

/** What signed-in readers may do on the portal: for now, whether they change their password there (spec). */
export function PortalSettingsSection() {
  const { t } = useTranslation('search-admin');
  const canEdit = useCanOp(SEARCH_EDIT);
  const qc = useQueryClient();
  const settings = useQuery({ queryKey: KEY, queryFn: () => call(C.getPortalSettings, {}) });
  const save = useMutation({
    mutationFn: (ReaderPasswordChange: boolean) => call(C.savePortalSettings, { ReaderPasswordChange }),
    onSuccess: (data) => {
      qc.setQueryData(KEY, data);
      toast.key('search-admin:readers.saved', 'success');
    },
  });
  return (
    <Stack spacing={1.5} sx={{ maxWidth: 900 }}>
      <Alert severity="info">{t('readers.help')}</Alert>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="subtitle2" component="h2">{t('readers.title')}</Typography>
        <FormControlLabel
          control={(
            <Switch
              checked={settings.data?.ReaderPasswordChange ?? false}
              disabled={!settings.data || !canEdit || save.isPending}
              onChange={(_e, v) => save.mutate(v)}
              slotProps={{ input: { 'aria-describedby': 'reader-password-help' } }}
              data-testid="portal-reader-password"
            />
          )}
          label={t('readers.passwordChange')}
        />
        <Typography variant="body2" color="text.secondary" id="reader-password-help">{t('readers.passwordChangeHelp')}</Typography>
      </Paper>
    </Stack>
  );
}
