import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useBalance } from './account-queries.ts';

/** My deposit, what I owe for lost books, and the balance; only where the school uses deposits or fees. */
export function BalanceCard() {
  const { t } = useTranslation('reader-account');
  const balance = useBalance();
  const b = balance.data;
  if (!b || !b.UsesBalance) return null;
  const money = (v: number) => t('balance.yuan', { amount: v.toFixed(2) });
  const rows: Array<[string, number, string]> = [['deposit', b.Deposit, 'balance-deposit'], ['owed', b.Owed, 'balance-owed'], ['balance', b.Balance, 'balance-total']];
  return (
    <Paper component="section" variant="outlined" sx={{ p: 2 }} aria-labelledby="balance-title" data-testid="balance-card">
      <Typography variant="h6" component="h2" id="balance-title" sx={{ mb: 1 }}>{t('balance.title')}</Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 1, m: 0 }}>
        {rows.map(([k, v, id]) => (
          <Box key={k}>
            <Typography component="dt" variant="body2" color="text.secondary">{t(`balance.${k}`)}</Typography>
            <Typography component="dd" variant="h6" sx={{ m: 0, color: k === 'owed' && v > 0 ? 'error.main' : undefined }} data-testid={id}>{money(v)}</Typography>
          </Box>
        ))}
      </Box>
      {b.Owed > 0 && <Alert severity="warning" sx={{ mt: 1 }}>{t('balance.owedHint')}</Alert>}
    </Paper>
  );
}
