import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { classCornerCalls as C } from '../../../shared/api/class-corner.ts';
import { call } from '../../lib/api-client.ts';
import { ClassPicker, WithClass } from './class-picker.tsx';
import { dayOf } from './due-text.ts';
import { defaultPeriod, PeriodForm, type Period } from './period-form.tsx';
import { useCornerClass } from './use-corner-class.ts';

const PATH = '/class-bookuse';
const ROWS = 20;

/**
 * /class-bookuse 图书使用情况: per book that was in the class corner in a period, how often it was
 * lent and when last; never-lent books too (alone with the check box), and the totals.
 */
export default function ClassUsageScreen() {
  const { t } = useTranslation(['class-corner', 'screens']);
  const pick = useCornerClass();
  return (
    <Stack spacing={2} sx={{ p: 2, maxWidth: 1280 }}>
      <Typography variant="h5" component="h1">{t(`screens:titles.${PATH}`)}</Typography>
      <ClassPicker pick={pick} />
      <WithClass pick={pick}>{(deptId) => <Usage key={deptId} deptId={deptId} />}</WithClass>
    </Stack>
  );
}

function Usage({ deptId }: { deptId: number }) {
  const { t } = useTranslation(['class-corner']);
  const [period, setPeriod] = useState<Period>(defaultPeriod);
  const [never, setNever] = useState(false);
  const [page, setPage] = useState(0);
  const q = useQuery({
    queryKey: ['class-corner', 'usage', deptId, period, never, page],
    queryFn: () => call(C.getUsage, { DeptID: deptId, DateFrom: period.from || undefined, DateTo: period.to || undefined, NeverLent: never, Page: page + 1, Rows: ROWS }),
    placeholderData: keepPreviousData,
  });
  const totals = q.data?.Totals;
  const list = q.data?.List ?? [];
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={2}>
        <PeriodForm value={period} submit={t('usage.submit')} onApply={(p) => { setPeriod(p); setPage(0); }}>
          <FormControlLabel control={<Checkbox checked={never} onChange={(e) => { setNever(e.target.checked); setPage(0); }} />} label={t('usage.neverLent')} />
        </PeriodForm>
        {totals && (
          <Typography variant="body1" data-testid="usage-totals">
            {t('usage.totals', { books: totals.Books, lent: totals.Lent, never: totals.NeverLent, loans: totals.Loans })}
          </Typography>
        )}
        {list.length === 0 && !q.isPending ? (
          <Typography variant="body2" color="text.secondary">{t('usage.empty')}</Typography>
        ) : (
          <Table size="small" data-testid="usage-table">
            <TableHead>
              <TableRow>
                <TableCell>{t('col.barcode')}</TableCell>
                <TableCell>{t('col.title')}</TableCell>
                <TableCell>{t('col.author')}</TableCell>
                <TableCell align="right">{t('col.times')}</TableCell>
                <TableCell>{t('col.lastLent')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.map((r) => (
                <TableRow key={r.CopyID}>
                  <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{r.Barcode}</TableCell>
                  <TableCell>
                    {r.Title}
                    {!r.InCorner && <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>{t('usage.removedNote')}</Typography>}
                  </TableCell>
                  <TableCell>{r.Author}</TableCell>
                  <TableCell align="right">{r.Times}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{r.LastLentAt ? dayOf(r.LastLentAt) : <Typography component="span" variant="body2" color="text.secondary">{t('usage.never')}</Typography>}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        <TablePagination component="div" count={q.data?.Total ?? 0} page={page} rowsPerPage={ROWS} rowsPerPageOptions={[ROWS]} onPageChange={(_e, p) => setPage(p)} />
      </Stack>
    </Paper>
  );
}
