import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { readerCardCalls } from '../../../shared/api/reader-cards.ts';
import { call } from '../../lib/api-client.ts';

/** The card's history, newest first: who did what, when, with which numbers and deposits. */
export function CardHistory({ readerId, version }: { readerId: number; version: string }) {
  const { t } = useTranslation('readers');
  const history = useQuery({
    queryKey: ['reader-cards', readerId, version],
    queryFn: ({ signal }) => call(readerCardCalls.history, { ID: readerId, Rows: 50 }, { signal }),
  });
  const rows = history.data?.List ?? [];
  return (
    <div data-testid="card-history">
      <Typography variant="subtitle1" component="h2" sx={{ mt: 2 }}>{t('desk.history')}</Typography>
      {rows.length === 0 ? (
        <Typography color="text.secondary">{history.isLoading ? '…' : t('desk.noHistory')}</Typography>
      ) : (
        <Table size="small">
          <TableHead>
            <TableRow>
              {(['time', 'action', 'oldCard', 'newCard', 'deposit', 'operator', 'note'] as const).map((c) => <TableCell key={c}>{t(`desk.columns.${c}`)}</TableCell>)}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((e) => (
              <TableRow key={e.ID}>
                <TableCell>{new Date(e.CreateTime).toLocaleString()}</TableCell>
                <TableCell>{t(`desk.actions.${e.Action}`)}</TableCell>
                <TableCell>{e.OldCardNo}</TableCell>
                <TableCell>{e.NewCardNo}</TableCell>
                <TableCell>{`${e.DepositBefore.toFixed(2)} → ${e.DepositAfter.toFixed(2)}`}</TableCell>
                <TableCell>{e.OperatorName}</TableCell>
                <TableCell>{e.Note}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </div>
  );
}
