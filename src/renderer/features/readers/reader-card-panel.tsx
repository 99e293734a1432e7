import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Reader } from '../../../shared/api/readers.ts';
import { useSession } from '../../lib/use-session.ts';
import { cardActionsFor, type CardAction } from './card-actions.ts';

const STATUS_COLOR = { active: 'success', disabled: 'default', lost: 'error', expired: 'warning' } as const;
const ACTIONS: CardAction[] = ['issue', 'replace', 'lost', 'refund'];

/** The chosen reader's card: number, state, deposit, expiry, and the desk actions it allows. */
export function ReaderCardPanel({ reader, onAction }: { reader: Reader; onAction: (a: CardAction) => void }) {
  const { t } = useTranslation('readers');
  const ops = useSession().menus?.Operations ?? [];
  const mayIssue = ops.includes('*') || ops.includes('people.cards.issue');
  const allowed = cardActionsFor(reader.Status, reader.Deposit);
  const field = (label: string, value: string, testId?: string) => (
    <div>
      <Typography variant="caption" color="text.secondary">{label}</Typography>
      <Typography data-testid={testId}>{value || '—'}</Typography>
    </div>
  );
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="card-panel">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
        <Typography variant="h6" component="h2">{reader.Name}</Typography>
        <Chip size="small" color={STATUS_COLOR[reader.Status]} label={t(`resources.reader.options.Status.${reader.Status}`)} data-testid="card-status" />
      </Stack>
      <Stack direction="row" spacing={4} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
        {field(t('resources.reader.fields.ReaderID'), reader.ReaderID, 'card-number')}
        {field(t('resources.reader.fields.Identity'), t(`resources.reader.options.Identity.${reader.Identity}`))}
        {field(t('resources.reader.fields.DeptName'), reader.DeptName)}
        {field(t('resources.reader.fields.Deposit'), reader.Deposit.toFixed(2), 'card-deposit-amount')}
        {field(t('resources.reader.fields.ExpireAt'), reader.ExpireAt ?? '')}
        {field(t('resources.reader.fields.Phone'), reader.Phone)}
      </Stack>
      {mayIssue && (
        <Stack direction="row" spacing={1}>
          {ACTIONS.map((a) => (
            <Button key={a} variant={a === 'issue' ? 'contained' : 'outlined'} color={a === 'lost' || a === 'refund' ? 'warning' : 'primary'} disabled={!allowed[a]} onClick={() => onAction(a)} data-testid={`desk-${a}`}>
              {t(`desk.actions.${a}`)}
            </Button>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
