import { useTranslation } from 'react-i18next';
import Avatar from '@mui/material/Avatar';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { AccountSummary } from '../../../shared/api/reader-account.ts';

/** Who I am: name, class, card and its state, with the account's own buttons (password, sign out). */
export function AccountHeader({ s, actions }: { s: AccountSummary; actions: ReactNode }) {
  const { t } = useTranslation('reader-account');
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} data-testid="account-header">
      <Stack direction="row" sx={{ gap: 1.5, alignItems: 'center' }}>
        <Avatar sx={{ bgcolor: 'primary.main', width: 48, height: 48 }} aria-hidden>{s.Name.slice(0, 1)}</Avatar>
        <Stack sx={{ minWidth: 0, flex: 1 }}>
          <Typography variant="h6" component="p" sx={{ overflowWrap: 'anywhere', lineHeight: 1.3 }} data-testid="account-name">{s.Name}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {[t(`personal.identity.${s.Identity}`), s.ClassName].filter(Boolean).join(' · ')}
          </Typography>
        </Stack>
      </Stack>
      <Stack direction="row" sx={{ gap: 1, mt: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography variant="body2" data-testid="account-card">{t('personal.card', { card: s.ReaderID })}</Typography>
        <Chip size="small" color={s.CardState === 'active' ? 'success' : 'error'} label={t(`personal.cardState.${s.CardState}`)} />
        {s.ExpireDay && <Typography variant="caption" color="text.secondary">{t('personal.expires', { day: s.ExpireDay })}</Typography>}
      </Stack>
      <Stack direction="row" sx={{ gap: 1, mt: 1.5, flexWrap: 'wrap' }}>{actions}</Stack>
    </Paper>
  );
}
