import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { OverdueLoan } from '../../../shared/api/circulation-recall.ts';
import { visuallyHidden } from '../../lib/visually-hidden.ts';
import type { RecallGroup } from './use-recall.ts';

/** "2026-05-03 14:20 · 打印" or "never", with the count when more than one. */
function ReminderCell({ row }: { row: OverdueLoan }) {
  const { t } = useTranslation('circulation-recall');
  if (!row.LastRemindedAt) return <Typography variant="body2" color="text.secondary" component="span">{t('list.never')}</Typography>;
  return (
    <span>
      {t('list.last', { at: dayjs(row.LastRemindedAt).format('YYYY-MM-DD HH:mm'), channel: t(`channel.${row.LastChannel ?? 'print'}`) })}
      {row.ReminderCount > 1 && <Typography variant="caption" color="text.secondary" component="span">{' '}{t('list.times', { count: row.ReminderCount })}</Typography>}
    </span>
  );
}

/** The overdue loans of the page, a table per class with a checkbox that ticks the whole class. */
export function RecallGroups({ groups, selected, onToggle }: { groups: readonly RecallGroup[]; selected: ReadonlySet<number>; onToggle: (ids: readonly number[], on: boolean) => void }) {
  const { t } = useTranslation('circulation-recall');
  return (
    <Stack spacing={2} data-testid="recall-groups">
      {groups.map((g, gi) => {
        const ids = g.rows.map((r) => r.LoanID);
        const ticked = ids.filter((id) => selected.has(id)).length;
        const name = g.className || t('list.noClass');
        const readers = new Set(g.rows.map((r) => r.UserID)).size;
        return (
          <Paper key={`${g.key}-${gi}`} variant="outlined" data-testid="recall-group" data-class={name}>
            <Stack direction="row" sx={{ alignItems: 'center', px: 1, py: 0.5, bgcolor: 'action.hover', gap: 1 }}>
              <Checkbox
                checked={ticked === ids.length} indeterminate={ticked > 0 && ticked < ids.length}
                onChange={(e) => onToggle(ids, e.target.checked)}
                slotProps={{ input: { 'aria-label': t('list.selectClass', { name }) } }}
                data-testid="recall-select-class"
              />
              <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>{name}</Typography>
              <Typography variant="body2" color="text.secondary">{t('list.groupSummary', { readers, books: g.rows.length })}</Typography>
            </Stack>
            <Table size="small" aria-label={t('list.classTable', { name })}>
              <TableHead>
                <TableRow>
                  <TableCell padding="checkbox"><Box component="span" sx={visuallyHidden}>{t('list.select')}</Box></TableCell>
                  <TableCell>{t('col.ReaderName')}</TableCell>
                  <TableCell>{t('col.ReaderID')}</TableCell>
                  <TableCell>{t('col.Title')}</TableCell>
                  <TableCell>{t('col.Barcode')}</TableCell>
                  <TableCell>{t('col.DueDay')}</TableCell>
                  <TableCell>{t('col.OverdueDays')}</TableCell>
                  <TableCell>{t('col.LastReminded')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {g.rows.map((r) => (
                  <TableRow key={r.LoanID} hover selected={selected.has(r.LoanID)} data-testid={`recall-row-${r.Barcode}`}>
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={selected.has(r.LoanID)} onChange={(e) => onToggle([r.LoanID], e.target.checked)}
                        slotProps={{ input: { 'aria-label': t('list.selectRow', { reader: r.ReaderName, title: r.Title }) } }}
                      />
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {r.ReaderName}
                      {!r.HasEmail && <Typography variant="caption" color="text.secondary" component="span">{' '}{t('list.noEmail')}</Typography>}
                    </TableCell>
                    <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{r.ReaderID}</TableCell>
                    <TableCell>{r.Title}</TableCell>
                    <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{r.Barcode}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{r.DueDay}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap', color: 'error.dark', fontWeight: 500 }}>{r.OverdueDays}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }} data-testid="recall-last"><ReminderCell row={r} /></TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Paper>
        );
      })}
    </Stack>
  );
}
