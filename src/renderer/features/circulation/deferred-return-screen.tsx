import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useScannerBursts } from '../../lib/scanner-bursts.ts';
import { useDeferredReturn } from './use-deferred-return.ts';
import { DeskLog } from './desk-log.tsx';

const PATH = '/deferred-return';

/**
 * /deferred-return 延期还书: books that came back through the drop box while the desk was closed.
 * Pick the day they came back (yesterday by default, never after today), then scan each book: it
 * is returned as of that day, and its line says whose it was and how many days late it was then.
 * The box keeps the focus, as at the desk; a scanner burst reaches it even when the focus wandered.
 */
export default function DeferredReturnScreen() {
  const { t } = useTranslation(['circulation', 'screens']);
  const today = dayjs().format('YYYY-MM-DD');
  const [day, setDay] = useState(() => dayjs().subtract(1, 'day').format('YYYY-MM-DD'));
  const [code, setCode] = useState('');
  const box = useRef<HTMLInputElement>(null);
  const desk = useDeferredReturn();
  const dayOk = /^\d{4}-\d{2}-\d{2}$/.test(day) && day <= today;

  const handle = (raw: string) => {
    if (!raw.trim()) return;
    if (dayOk) desk.scan(raw, day);
    else desk.refuse(raw.trim(), (tt) => tt(day ? 'circulation:deferred.dayFuture' : 'validation:required.returnDay'));
  };
  useScannerBursts((scanned) => {
    handle(scanned);
    box.current?.focus();
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    handle(code);
    setCode('');
    box.current?.focus();
  };

  return (
    <Stack spacing={2} sx={{ p: 2, maxWidth: 1280 }}>
      <Typography variant="h5" component="h1">{t(`screens:titles.${PATH}`)}</Typography>
      <Alert severity="info">{t('deferred.intro')}</Alert>
      <Paper variant="outlined" component="form" onSubmit={submit} sx={{ p: 2 }}>
        <Stack direction="row" sx={{ gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <TextField
            type="date" label={t('deferred.day')} value={day} sx={{ width: 240 }} required
            onChange={(e) => setDay(e.target.value)}
            error={!dayOk} helperText={dayOk ? t('deferred.dayHint') : t(day ? 'deferred.dayFuture' : 'validation:required.returnDay')}
            onKeyDown={(e) => {
              // Enter in the day goes back to the box, ready for the first book.
              if (e.key === 'Enter') {
                e.preventDefault();
                box.current?.focus();
              }
            }}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'deferred-day', max: today } }}
          />
          <TextField
            inputRef={box} autoFocus size="medium" sx={{ width: 420, maxWidth: '100%' }} value={code} onChange={(e) => setCode(e.target.value)}
            label={t('deferred.box')} helperText={t('deferred.hint')}
            slotProps={{ htmlInput: { 'data-testid': 'deferred-scan', maxLength: 64, autoComplete: 'off' } }}
          />
          <Button type="submit" variant="contained" sx={{ mt: 1 }}>{t('deferred.submit')}</Button>
        </Stack>
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="subtitle1" component="h2">{t('deferred.logHeading')}</Typography>
        {desk.log.length ? <DeskLog entries={desk.log} /> : <Typography variant="body2" color="text.secondary">{t('deferred.logEmpty')}</Typography>}
      </Paper>
    </Stack>
  );
}
