import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { classCornerCalls as C, CLASS_CORNER_OPS } from '../../../shared/api/class-corner.ts';
import { useCanOp } from '../../lib/use-can-op.ts';
import { call } from '../../lib/api-client.ts';
import { playSound } from '../../lib/sounds.ts';
import { errorText } from '../../kit/data/error-text.ts';
import { ScanBox } from './scan-box.tsx';
import { ScanLog, scanEntry, type ScanEntry } from './scan-log.tsx';

const PATH = '/class-bookreturn';

/**
 * /class-bookreturn 班级还书: scan corner books to take them back, from whichever classmate has
 * them; no card needed and no class to choose (the gateway refuses a book of a class the user does
 * not act for). Scans are handled one after another in the order they came; each is a line.
 */
export default function ClassReturnScreen() {
  const { t } = useTranslation(['class-corner', 'screens']);
  const [log, setLog] = useState<ScanEntry[]>([]);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const qc = useQueryClient();
  const canReturn = useCanOp(CLASS_CORNER_OPS.return);

  const add = (e: ScanEntry) => {
    setLog((l) => [e, ...l].slice(0, 300));
    playSound(e.ok ? 'success' : 'refusal');
  };
  const giveBack = async (barcode: string) => {
    try {
      const r = await call(C.returnBook, { Barcode: barcode }, { toast: false, idempotencyKey: crypto.randomUUID() });
      const p = { title: r.Loan.Title, name: r.Reader.Name, days: r.Loan.OverdueDays };
      add(scanEntry(true, barcode, (tt) => tt(r.Loan.Overdue ? 'class-corner:returns.doneLate' : 'class-corner:returns.done', p)));
      void qc.invalidateQueries({ queryKey: ['class-corner'] });
    } catch (err) {
      add(scanEntry(false, barcode, (tt) => errorText(tt, err)));
    }
  };
  const scan = (code: string) => {
    queue.current = queue.current.then(() => giveBack(code)).catch(() => undefined);
  };

  return (
    <Stack spacing={2} sx={{ p: 2, maxWidth: 1280 }}>
      <Typography variant="h5" component="h1">{t(`screens:titles.${PATH}`)}</Typography>
      <Alert severity="info">{t('returns.intro')}</Alert>
      {!canReturn && <Alert severity="warning">{t('returns.noPermission')}</Alert>}
      {canReturn && <Paper variant="outlined" sx={{ p: 2 }}>
        <ScanBox label={t('returns.box')} hint={t('returns.hint')} submit={t('returns.submit')} testId="corner-return-scan" onScan={scan} />
      </Paper>}
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="subtitle1" component="h2">{t('returns.logHeading')}</Typography>
        <ScanLog entries={log} label={t('returns.logHeading')} empty={t('returns.logEmpty')} />
      </Paper>
    </Stack>
  );
}
