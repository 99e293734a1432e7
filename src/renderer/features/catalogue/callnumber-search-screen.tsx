import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { catalogueCalls as C } from '../../../shared/api/catalogue.ts';
import { call } from '../../lib/api-client.ts';
import { errorText } from '../../kit/data/error-text.ts';
import { ShelfTitlesTable } from './shelf-titles-table.tsx';

type Result = Awaited<ReturnType<typeof call<typeof C.getEqualIndexNumItem>>>;

/**
 * /callnumber-search 索书号查询: the titles of a class in shelf order (GetEqualIndexNumItem), and
 * the next free 种次号, so a cataloguer sees what stands beside a new book before numbering it.
 */
export default function CallnumberSearchScreen() {
  const { t } = useTranslation(['catalogue']);
  const [classNo, setClassNo] = useState('');
  const [result, setResult] = useState<Result | null>(null);
  const [error, setError] = useState<string | null>(null);
  const search = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      setResult(await call(C.getEqualIndexNumItem, { ClassNo: classNo.trim() }, { toast: false }));
    } catch (err) {
      setError(errorText(t, err));
    }
  };
  return (
    <Stack spacing={2} sx={{ p: 2, maxWidth: 1200 }}>
      <Typography variant="h6" component="h1">{t('shelf.heading')}</Typography>
      <Paper variant="outlined" component="form" onSubmit={(e) => void search(e)} sx={{ p: 2 }}>
        <Stack direction="row" spacing={2}>
          <TextField autoFocus size="small" sx={{ width: 260 }} label={t('shelf.classNo')} value={classNo} onChange={(e) => setClassNo(e.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'shelf-class' } }} />
          <Button type="submit" variant="contained">{t('shelf.search')}</Button>
        </Stack>
      </Paper>
      {error && <Alert severity="error">{error}</Alert>}
      {result && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="subtitle1" component="h2" data-testid="shelf-next">{t('shelf.next', { count: result.List.length, next: result.Next, classNo: classNo.trim() })}</Typography>
          <ShelfTitlesTable rows={result.List} label={t('shelf.heading')} testId="shelf-list" />
        </Paper>
      )}
    </Stack>
  );
}
