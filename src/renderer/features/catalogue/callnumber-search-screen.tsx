import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { catalogueCalls as C } from '../../../shared/api/catalogue.ts';
import { call } from '../../lib/api-client.ts';
import { errorText } from '../../kit/data/error-text.ts';
import { ShelfTitlesTable } from './shelf-titles-table.tsx';

type Result = Awaited<ReturnType<typeof call<typeof C.getEqualIndexNumItem>>>;

/** Titles a page of the shelf shows. */
const ROWS = 100;

/**
 * /callnumber-search 索书号查询: the titles of a class in shelf order (GetEqualIndexNumItem), and
 * the next free 种次号, so a cataloguer sees what stands beside a new book before numbering it.
 * The classes under it that hold titles are listed too (Q95 → Q95-49, Q951): each opens its shelf.
 */
export default function CallnumberSearchScreen() {
  const { t } = useTranslation(['catalogue']);
  const [classNo, setClassNo] = useState('');
  const [result, setResult] = useState<(Result & { classNo: string; page: number }) | null>(null);
  const [error, setError] = useState<string | null>(null);
  const show = async (wanted: string, page = 1) => {
    setError(null);
    try {
      setResult({ ...(await call(C.getEqualIndexNumItem, { ClassNo: wanted, Page: page, Rows: ROWS }, { toast: false })), classNo: wanted, page });
    } catch (err) {
      setError(errorText(t, err));
    }
  };
  const search = (e: FormEvent) => {
    e.preventDefault();
    void show(classNo.trim());
  };
  const open = (sub: string) => {
    setClassNo(sub);
    void show(sub);
  };
  return (
    <Stack spacing={2} sx={{ p: 2, maxWidth: 1200 }}>
      <Typography variant="h6" component="h1">{t('shelf.heading')}</Typography>
      <Paper variant="outlined" component="form" onSubmit={search} sx={{ p: 2 }}>
        <Stack direction="row" spacing={2}>
          <TextField autoFocus size="small" sx={{ width: 260 }} label={t('shelf.classNo')} value={classNo} onChange={(e) => setClassNo(e.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'shelf-class' } }} />
          <Button type="submit" variant="contained">{t('shelf.search')}</Button>
        </Stack>
      </Paper>
      {error && <Alert severity="error">{error}</Alert>}
      {result && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="subtitle1" component="h2" data-testid="shelf-next">{t('shelf.next', { count: result.Total, next: result.Next, classNo: result.classNo })}</Typography>
          {result.Subclasses.length > 0 && (
            <Stack component="nav" aria-label={t('shelf.subclasses', { classNo: result.classNo })} data-testid="shelf-subclasses" spacing={1} sx={{ my: 1 }}>
              <Typography variant="body2" color="text.secondary">
                {t(result.MoreSubclasses ? 'shelf.subclassesMore' : 'shelf.subclasses', { classNo: result.classNo, count: result.Subclasses.length })}
              </Typography>
              <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
                {result.Subclasses.map((s) => (
                  <Chip key={s.ClassNo} clickable variant="outlined" onClick={() => open(s.ClassNo)}
                    label={t('shelf.subclass', { classNo: s.ClassNo, count: s.Titles })} data-testid={`shelf-subclass-${s.ClassNo}`} />
                ))}
              </Stack>
            </Stack>
          )}
          {(result.List.length > 0 || result.Subclasses.length === 0) && <ShelfTitlesTable rows={result.List} label={t('shelf.heading')} testId="shelf-list" />}
          {result.Total > ROWS && (
            <Pagination sx={{ mt: 1 }} data-testid="shelf-pages" count={Math.ceil(result.Total / ROWS)} page={result.page}
              onChange={(_e, page) => void show(result.classNo, page)} />
          )}
        </Paper>
      )}
    </Stack>
  );
}
