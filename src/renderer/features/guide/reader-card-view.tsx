import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LogoutIcon from '@mui/icons-material/Logout';
import type { GuideReaderCard } from '../../../shared/api/guide.ts';

function longDay(day: string, lang: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? day : d.toLocaleDateString(lang, { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' });
}

/** What the reader's card shows: name and class, loans with due days (overdue first and marked), holds ready to collect. */
export function ReaderCardView({ card, secondsLeft, onDone }: { card: GuideReaderCard; secondsLeft: number; onDone: () => void }) {
  const { t, i18n } = useTranslation('guide');
  const lang = i18n.language;
  const overdue = card.Loans.filter((l) => l.DaysOverdue > 0).length;
  return (
    <Stack spacing={3} data-testid="reader-card">
      <Stack direction="row" sx={{ alignItems: 'center', gap: 3 }}>
        <Box sx={{ mr: 'auto' }}>
          <Typography variant="h3" component="h1" sx={{ fontWeight: 600 }} data-testid="reader-card-name">{t('card.hello', { name: card.Name })}</Typography>
          {card.ClassName && <Typography variant="h5" component="p" color="text.secondary">{lang === 'en-US' ? card.ClassEnName : card.ClassName}</Typography>}
        </Box>
        <Typography variant="h6" component="p" color="text.secondary" role="timer" aria-live="off" data-testid="reader-card-countdown">
          {t('card.countdown', { n: secondsLeft })}
        </Typography>
        <Button variant="contained" size="large" startIcon={<LogoutIcon />} onClick={onDone} sx={{ fontSize: '1.4rem', px: 4, minHeight: 64 }} data-testid="reader-card-done">
          {t('card.done')}
        </Button>
      </Stack>
      {overdue > 0 && <Alert severity="warning" sx={{ fontSize: '1.3rem' }} data-testid="reader-card-overdue">{t('card.overdueNote', { n: overdue })}</Alert>}
      <Paper variant="outlined" component="section" sx={{ p: 3, borderWidth: 2 }}>
        <Typography variant="h4" component="h2" sx={{ mb: 2 }}>{t('card.loans', { n: card.Loans.length })}</Typography>
        {card.Loans.length === 0 && <Typography variant="h6" component="p" color="text.secondary">{t('card.noLoans')}</Typography>}
        <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0, listStyle: 'none' }} data-testid="reader-card-loans">
          {card.Loans.map((l, i) => (
            <Stack component="li" key={i} direction="row" sx={{ alignItems: 'center', gap: 2, minHeight: 56, borderBottom: 1, borderColor: 'divider', pb: 1 }}>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography sx={{ fontSize: 26, fontWeight: 600 }} noWrap>{l.Title}</Typography>
                <Typography sx={{ fontSize: 18 }} color="text.secondary" noWrap>{l.Author}</Typography>
              </Box>
              <Typography sx={{ fontSize: 22, whiteSpace: 'nowrap' }}>{t('card.due', { day: longDay(l.DueDate, lang) })}</Typography>
              {l.DaysOverdue > 0 && <Chip color="error" label={t('card.overdue', { n: l.DaysOverdue })} sx={{ fontSize: '1.1rem', height: 40 }} data-testid="loan-overdue" />}
            </Stack>
          ))}
        </Stack>
      </Paper>
      {card.HoldsReady.length > 0 && (
        <Paper variant="outlined" component="section" sx={{ p: 3, borderWidth: 2, borderColor: 'success.main' }}>
          <Typography variant="h4" component="h2" sx={{ mb: 2 }}>{t('card.holds')}</Typography>
          <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0, listStyle: 'none' }} data-testid="reader-card-holds">
            {card.HoldsReady.map((h, i) => (
              <Stack component="li" key={i} direction="row" sx={{ alignItems: 'center', gap: 2, minHeight: 56 }}>
                <Typography sx={{ flex: 1, fontSize: 26, fontWeight: 600 }} noWrap>{h.Title}</Typography>
                <Typography sx={{ fontSize: 22 }}>
                  {[lang === 'en-US' ? h.BranchEnName : h.BranchName, h.Until ? t('card.collectBy', { day: longDay(h.Until, lang) }) : ''].filter(Boolean).join(' · ')}
                </Typography>
              </Stack>
            ))}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
