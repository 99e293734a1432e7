import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { classCornerCalls as C } from '../../../shared/api/class-corner.ts';
import { call } from '../../lib/api-client.ts';
import { ClassPicker, WithClass } from './class-picker.tsx';
import { defaultPeriod, PeriodForm, type Period } from './period-form.tsx';
import { useCornerClass } from './use-corner-class.ts';

const PATH = '/class-ranks';

/** /class-ranks 班级排行: classmates by corner loans in a period (ties share a rank), and the class's most lent books. */
export default function ClassRanksScreen() {
  const { t } = useTranslation(['class-corner', 'screens']);
  const pick = useCornerClass();
  return (
    <Stack spacing={2} sx={{ p: 2, maxWidth: 1280 }}>
      <Typography variant="h5" component="h1">{t(`screens:titles.${PATH}`)}</Typography>
      <ClassPicker pick={pick} />
      <WithClass pick={pick}>{(deptId) => <Ranks key={deptId} deptId={deptId} />}</WithClass>
    </Stack>
  );
}

function Ranks({ deptId }: { deptId: number }) {
  const { t } = useTranslation(['class-corner']);
  const [period, setPeriod] = useState<Period>(defaultPeriod);
  const q = useQuery({
    queryKey: ['class-corner', 'ranks', deptId, period],
    queryFn: () => call(C.getRanks, { DeptID: deptId, DateFrom: period.from || undefined, DateTo: period.to || undefined, Page: 1, Rows: 1000 }),
    placeholderData: keepPreviousData,
  });
  const list = q.data?.List ?? [];
  const books = q.data?.Books ?? [];
  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <PeriodForm value={period} submit={t('ranks.submit')} onApply={setPeriod} />
      </Paper>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Paper variant="outlined" sx={{ p: 2, flex: 3, width: '100%' }}>
          <Typography variant="subtitle1" component="h2">{t('ranks.heading')}</Typography>
          {list.length === 0 && !q.isPending ? (
            <Typography variant="body2" color="text.secondary">{t('ranks.empty')}</Typography>
          ) : (
            <Table size="small" data-testid="ranks-table">
              <TableHead>
                <TableRow>
                  <TableCell>{t('col.rank')}</TableCell>
                  <TableCell>{t('col.name')}</TableCell>
                  <TableCell>{t('col.card')}</TableCell>
                  <TableCell align="right">{t('col.loans')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {list.map((r) => (
                  <TableRow key={r.UserID}>
                    <TableCell sx={{ fontWeight: r.Rank <= 3 ? 700 : undefined }}>{r.Rank}</TableCell>
                    <TableCell>{r.Name}</TableCell>
                    <TableCell sx={{ fontFamily: 'monospace' }}>{r.ReaderID}</TableCell>
                    <TableCell align="right">{r.Loans}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </Paper>
        <Paper variant="outlined" sx={{ p: 2, flex: 2, width: '100%' }}>
          <Typography variant="subtitle1" component="h2">{t('ranks.books')}</Typography>
          {books.length === 0 && !q.isPending ? (
            <Typography variant="body2" color="text.secondary">{t('ranks.empty')}</Typography>
          ) : (
            <Table size="small" data-testid="ranks-books">
              <TableHead>
                <TableRow>
                  <TableCell>{t('col.title')}</TableCell>
                  <TableCell>{t('col.barcode')}</TableCell>
                  <TableCell align="right">{t('col.times')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {books.map((b) => (
                  <TableRow key={b.Barcode}>
                    <TableCell>{b.Title}</TableCell>
                    <TableCell sx={{ fontFamily: 'monospace' }}>{b.Barcode}</TableCell>
                    <TableCell align="right">{b.Times}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </Paper>
      </Stack>
    </Stack>
  );
}
