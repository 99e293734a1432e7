import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ScanEntry } from './use-stocktake-scans.ts';

const COLORS = { found: 'success', misplaced: 'warning', notExpected: 'info', unknown: 'error' } as const;

function Line({ e }: { e: ScanEntry }) {
  const { t } = useTranslation('stocktaking');
  const r = e.reply;
  const kind = r ? r.Result : 'refused';
  const primary = r ? (r.Title ? `${r.Title} · ${r.Barcode}` : r.Barcode) : e.code;
  const secondary = r
    ? [r.CallNo, r.HomeArea, r.Reason ? t(`reasons.${r.Reason}`) : '', r.Duplicate ? t('desk.duplicate') : ''].filter(Boolean).join(' · ')
    : e.error?.(t) ?? '';
  return (
    <ListItem divider data-testid={`scan-entry-${kind}`}>
      <Chip size="small" sx={{ mr: 2, minWidth: 96 }} color={r ? COLORS[r.Result] : 'error'} label={r ? t(`kinds.${r.Result}`) : '!'} />
      <ListItemText primary={primary} secondary={secondary} />
    </ListItem>
  );
}

/** The desk's last scans, newest first: what each one was, so a misplaced book is pulled at once. */
export function ScanLog({ log }: { log: readonly ScanEntry[] }) {
  const { t } = useTranslation('stocktaking');
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h2">{t('desk.recent')}</Typography>
      {log.length
        ? <List dense data-testid="scan-log">{log.map((e) => <Line key={e.key} e={e} />)}</List>
        : <Typography variant="body2" color="text.secondary">{t('desk.noScans')}</Typography>}
    </Paper>
  );
}
