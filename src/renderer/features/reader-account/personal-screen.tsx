import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ChevronRight from '@mui/icons-material/ChevronRight';
import type { AccountSummary } from '../../../shared/api/reader-account.ts';
import type { PasswordPolicy } from '../../../shared/domain/validation-rules.ts';
import { logout } from '../../lib/auth-flow.ts';
import { AccountHeader } from './account-header.tsx';
import { useAccountSummary, useReadingLine } from './account-queries.ts';
import { BalanceCard } from './balance-card.tsx';
import { HoldsSection } from './holds-section.tsx';
import { ReadingChart } from './reading-chart.tsx';
import { SignedInOnly } from './sign-in-prompt.tsx';

/** The change-password form, given by the app (it lives in the shell): open, the policy, close. */
export type PasswordDialogSlot = (p: { open: boolean; policy: PasswordPolicy; onClose: () => void }) => ReactNode;

/** The four figures, each a way into its page. */
function Counts({ s }: { s: AccountSummary }) {
  const { t } = useTranslation('reader-account');
  const tiles = [
    { key: 'onLoan', n: s.OnLoan, to: '/search/book', alert: false },
    { key: 'overdue', n: s.Overdue, to: '/search/book', alert: s.Overdue > 0 },
    { key: 'holdsReady', n: s.HoldsReady, to: '#my-holds-title', alert: false },
    { key: 'history', n: s.History, to: '/user/circulation?tab=history', alert: false },
  ] as const;
  return (
    <Box component="nav" aria-label={t('personal.counts.label')} sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(4, minmax(0, 1fr))' }, gap: 1 }}>
      {tiles.map((c) => {
        const inner = (
          <>
            <Typography variant="h4" component="span" sx={{ fontWeight: 700, color: c.alert ? 'error.main' : 'primary.main', lineHeight: 1.1 }}>{c.n}</Typography>
            <Typography variant="body2" component="span">{t(`personal.counts.${c.key}`)}</Typography>
          </>
        );
        const sx = { p: 1.5, width: '100%', display: 'flex', flexDirection: 'column', alignItems: 'flex-start', borderRadius: 1, textAlign: 'left' } as const;
        return (
          <Paper key={c.key} variant="outlined" data-testid={`count-${c.key}`}>
            {c.to.startsWith('#')
              ? <ButtonBase sx={sx} onClick={() => document.getElementById(c.to.slice(1))?.scrollIntoView({ behavior: 'smooth' })}>{inner}</ButtonBase>
              : <ButtonBase component={RouterLink} to={c.to} sx={sx}>{inner}</ButtonBase>}
          </Paper>
        );
      })}
    </Box>
  );
}

function PageLinks() {
  const { t } = useTranslation('reader-account');
  const links = [['loans', '/search/book'], ['circulation', '/user/circulation'], ['recommend', '/search/recommend']] as const;
  return (
    <Paper variant="outlined" component="ul" sx={{ p: 0, m: 0, listStyle: 'none' }}>
      {links.map(([k, to], i) => (
        <li key={k}>
          <Button component={RouterLink} to={to} fullWidth endIcon={<ChevronRight />} data-testid={`account-link-${k}`}
            sx={{ justifyContent: 'space-between', py: 1.25, px: 2, borderTop: i ? 1 : 0, borderColor: 'divider', borderRadius: 0, color: 'text.primary' }}>
            {t(`nav.${k}`)}
          </Button>
        </li>
      ))}
    </Paper>
  );
}

function Reading() {
  const { t } = useTranslation('reader-account');
  const line = useReadingLine();
  return (
    <Paper component="section" variant="outlined" sx={{ p: 2 }} aria-labelledby="reading-title">
      <Typography variant="h6" component="h2" id="reading-title" sx={{ mb: 1 }}>{t('reading.title')}</Typography>
      {line.isPending && <Skeleton height={150} />}
      {line.data && (line.data.Points.some((p) => p.Count > 0) ? <ReadingChart line={line.data} /> : <Typography color="text.secondary">{t('reading.none')}</Typography>)}
    </Paper>
  );
}

/**
 * /search/personal: the signed-in reader's centre — who I am, my figures, my holds, my reading over
 * the year, my balance where the school keeps one, and the ways to my loans, history and
 * suggestions; the password change where the school allows it, and sign-out.
 */
export function PersonalPage({ passwordDialog }: { passwordDialog?: PasswordDialogSlot }) {
  const { t } = useTranslation('reader-account');
  const summary = useAccountSummary();
  const [pwOpen, setPwOpen] = useState(false);
  const s = summary.data;
  return (
    <SignedInOnly title={t('personal.title')}>
      <Stack spacing={2} data-testid="personal-centre">
        <Typography variant="h5" component="h1">{t('personal.title')}</Typography>
        {summary.isPending && <Skeleton height={140} />}
        {summary.isError && <Alert severity="error">{t('personal.failed')}</Alert>}
        {s && (
          <>
            <AccountHeader
              s={s}
              actions={(
                <>
                  {s.CanChangePassword && passwordDialog && (
                    <Button size="small" variant="outlined" onClick={() => setPwOpen(true)} data-testid="account-change-password">{t('personal.changePassword')}</Button>
                  )}
                  <Button size="small" variant="outlined" color="inherit" onClick={() => void logout({ portal: true })} data-testid="account-sign-out">{t('personal.signOut')}</Button>
                </>
              )}
            />
            <Counts s={s} />
            <Typography variant="body2" color={s.Limits ? 'text.secondary' : 'warning.main'}>
              {s.Limits ? t('personal.limits', { max: s.Limits.MaxLoans, days: s.Limits.LoanDays, renewals: s.Limits.MaxRenewals, renewDays: s.Limits.RenewDays }) : t('personal.noGroup')}
            </Typography>
            <PageLinks />
            <HoldsSection />
            <Reading />
            <BalanceCard />
            {pwOpen && passwordDialog?.({ open: true, policy: s.PasswordPolicy, onClose: () => setPwOpen(false) })}
          </>
        )}
      </Stack>
    </SignedInOnly>
  );
}

export default function PersonalScreen() {
  return <PersonalPage />;
}
