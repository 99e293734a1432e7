import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { DeskReader } from '../../../shared/api/circulation.ts';
import { apiUrl } from '../../lib/api-client.ts';

/**
 * The reader at a glance: photo, name, card, class, permission group, quota (allowed / on loan /
 * left, per resource type where limited), and every block in red with its reason. `extra`: more
 * chips (the lending desk's borrow verification).
 */
export function ReaderPanel({ reader, extra }: { reader: DeskReader; extra?: ReactNode }) {
  const { t, i18n } = useTranslation(['circulation', 'borrowing']);
  const en = i18n.language.startsWith('en');
  const l = reader.Limits;
  const groups = l.Groups.map((g) => (en && g.EnName ? g.EnName : g.Name)).join(' + ');
  const overdue = reader.Loans.filter((x) => x.Overdue).length;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="desk-reader">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Avatar src={reader.Photo ? apiUrl(reader.Photo) : undefined} alt={reader.Name} sx={{ width: 64, height: 64 }}>{reader.Name.slice(0, 1)}</Avatar>
        <Stack spacing={0.25} sx={{ minWidth: 0 }}>
          <Typography variant="h6" component="h2" data-testid="desk-reader-name">{reader.Name}</Typography>
          <Typography variant="body2" color="text.secondary">
            {t('desk.readerLine', { id: reader.ReaderID, className: reader.ClassName || '—', group: groups || '—' })}
          </Typography>
          {reader.CardExpiresAt && <Typography variant="caption" color="text.secondary">{t('desk.cardExpires', { day: reader.CardExpiresAt.slice(0, 10) })}</Typography>}
        </Stack>
      </Stack>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1.5 }} data-testid="desk-quota">
        <Chip label={t('desk.quota.allowed', { n: l.MaxLoans })} />
        <Chip label={t('desk.quota.onLoan', { n: reader.Loans.length })} />
        <Chip color={l.Left > 0 ? 'success' : 'warning'} label={t('desk.quota.left', { n: Math.max(0, l.Left) })} data-testid="desk-quota-left" />
        {overdue > 0 && <Chip color="error" label={t('desk.quota.overdue', { n: overdue })} />}
        {l.ByResourceType.filter((x) => x.MaxLoans < l.MaxLoans).map((x) => (
          <Chip key={x.ResourceTypeID} variant="outlined" label={t('desk.quota.type', { type: x.ResourceTypeName, left: Math.max(0, x.Left), max: x.MaxLoans })} />
        ))}
        {extra}
      </Stack>
      {reader.Blocks.length > 0 && (
        <Alert severity="error" sx={{ mt: 1.5 }} data-testid="desk-blocks">
          {reader.Blocks.map((b) => <div key={b.Code}>{t(b.Key, b.Params)}</div>)}
        </Alert>
      )}
    </Paper>
  );
}
