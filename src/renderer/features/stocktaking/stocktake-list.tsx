import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { stocktakingCalls as C } from '../../../shared/api/stocktaking.ts';
import { call } from '../../lib/api-client.ts';
import { ActionsHeaderCell } from '../../kit/grid/actions-header-cell.tsx';

/** Open is green; paused and closed are neutral (MUI's warning chip fails the contrast rule), closed outlined. */
export const stateChip = (s: string) => ({ color: s === 'open' ? 'success' : 'default', variant: s === 'closed' ? 'outlined' : 'filled' }) as const;

/** The school's stocktakes (those in the caller's branches), newest first; a row opens its desk. */
export function StocktakeList({ onOpen }: { onOpen: (id: number) => void }) {
  const { t, i18n } = useTranslation('stocktaking');
  const list = useQuery({ queryKey: ['stocktaking', 'list', i18n.language], queryFn: () => call(C.getList, { Page: 1, Rows: 50 }) });
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>{t('list.heading')}</Typography>
      {list.data?.List.length ? (
        <Table size="small" data-testid="stocktake-list">
          <TableHead>
            <TableRow>
              <TableCell>{t('list.name')}</TableCell><TableCell>{t('list.areas')}</TableCell><TableCell>{t('list.state')}</TableCell>
              <TableCell>{t('list.startedAt')}</TableCell><TableCell align="right">{t('list.expected')}</TableCell>
              <TableCell align="right">{t('list.found')}</TableCell><TableCell align="right">{t('list.missing')}</TableCell><ActionsHeaderCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {list.data.List.map((r) => (
              <TableRow key={r.ID} hover>
                <TableCell>{r.Name}</TableCell>
                <TableCell>{r.AreaNames}</TableCell>
                <TableCell><Chip size="small" {...stateChip(r.State)} label={t(`states.${r.State}`)} /></TableCell>
                <TableCell>{dayjs(r.StartedAt).format('YYYY-MM-DD HH:mm')}</TableCell>
                <TableCell align="right">{r.Expected}</TableCell>
                <TableCell align="right">{r.Found}</TableCell>
                <TableCell align="right">{r.Missing}</TableCell>
                <TableCell align="right"><Button size="small" onClick={() => onOpen(r.ID)} data-testid={`stocktake-open-${r.ID}`}>{t('list.open')}</Button></TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : <Typography variant="body2" color="text.secondary">{list.isPending ? '…' : t('list.empty')}</Typography>}
    </Paper>
  );
}
