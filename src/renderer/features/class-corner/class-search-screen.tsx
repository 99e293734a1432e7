import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { classCornerCalls as C, type CornerItem } from '../../../shared/api/class-corner.ts';
import { call } from '../../lib/api-client.ts';
import { ClassPicker, WithClass } from './class-picker.tsx';
import { dueText, localToday } from './due-text.ts';
import { useCornerClass } from './use-corner-class.ts';

const PATH = '/class-booksearch';
const ROWS = 20;
type StateFilter = '' | CornerItem['State'];

/** /class-booksearch 班级图书查询: the class corner's books by title, author, barcode or call number, each with its state. */
export default function ClassSearchScreen() {
  const { t } = useTranslation(['class-corner', 'screens']);
  const pick = useCornerClass();
  return (
    <Stack spacing={2} sx={{ p: 2, maxWidth: 1280 }}>
      <Typography variant="h5" component="h1">{t(`screens:titles.${PATH}`)}</Typography>
      <ClassPicker pick={pick} />
      <WithClass pick={pick}>{(deptId) => <ItemSearch key={deptId} deptId={deptId} />}</WithClass>
    </Stack>
  );
}

const stateColor = { onShelf: 'success', lent: 'default', overdue: 'error' } as const;

function ItemSearch({ deptId }: { deptId: number }) {
  const { t } = useTranslation(['class-corner']);
  const [draft, setDraft] = useState('');
  const [key, setKey] = useState('');
  const [state, setState] = useState<StateFilter>('');
  const [page, setPage] = useState(0);
  const q = useQuery({
    queryKey: ['class-corner', 'items', deptId, key, state, page],
    queryFn: () => call(C.getItems, { DeptID: deptId, SearchKey: key || undefined, State: state || undefined, Page: page + 1, Rows: ROWS }),
    placeholderData: keepPreviousData,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setKey(draft.trim());
    setPage(0);
  };
  const today = localToday();
  const list = q.data?.List ?? [];
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Stack component="form" direction="row" onSubmit={submit} sx={{ gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <TextField label={t('search.box')} value={draft} onChange={(e) => setDraft(e.target.value)} sx={{ width: 360 }} slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'corner-search' } }} />
          <TextField select label={t('search.stateFilter')} value={state} onChange={(e) => { setState(e.target.value as StateFilter); setPage(0); }} sx={{ width: 160 }}>
            <MenuItem value="">{t('search.all')}</MenuItem>
            {(['onShelf', 'lent', 'overdue'] as const).map((s) => <MenuItem key={s} value={s}>{t(`state.${s}`)}</MenuItem>)}
          </TextField>
          <Button type="submit" variant="contained" sx={{ mt: 1 }}>{t('search.submit')}</Button>
        </Stack>
        {list.length === 0 && !q.isPending ? (
          <Typography variant="body2" color="text.secondary">{t('search.empty')}</Typography>
        ) : (
          <Table size="small" data-testid="corner-items">
            <TableHead>
              <TableRow>
                <TableCell>{t('col.barcode')}</TableCell>
                <TableCell>{t('col.title')}</TableCell>
                <TableCell>{t('col.author')}</TableCell>
                <TableCell>{t('col.callNo')}</TableCell>
                <TableCell>{t('col.state')}</TableCell>
                <TableCell>{t('col.reader')}</TableCell>
                <TableCell>{t('col.dueDay')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.map((i) => (
                <TableRow key={i.ItemID}>
                  <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{i.Barcode}</TableCell>
                  <TableCell>{i.Title}</TableCell>
                  <TableCell>{i.Author}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{i.CallNo}</TableCell>
                  <TableCell><Chip size="small" variant="outlined" color={stateColor[i.State]} label={t(`state.${i.State}`)} /></TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{i.Loan ? t('search.lentTo', { name: i.Loan.ReaderName }) : ''}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{i.Loan ? `${i.Loan.DueDay} · ${dueText(t, i.Loan, today)}` : ''}</TableCell>
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
