import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import GlobalStyles from '@mui/material/GlobalStyles';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { RecallSlip } from '../../../shared/api/circulation-recall.ts';

export type PrintKind = 'slips' | 'classList';

export interface PrintData {
  SchoolName: string;
  Day: string;
  Slips: RecallSlip[];
}

/** Slips grouped by class, in the order they came (by class, then card number). */
function byClass(slips: readonly RecallSlip[]): Array<{ name: string; slips: RecallSlip[] }> {
  const out: Array<{ key: string; name: string; slips: RecallSlip[] }> = [];
  for (const s of slips) {
    const key = String(s.ClassID ?? 'none');
    const g = out.find((x) => x.key === key);
    if (g) g.slips.push(s);
    else out.push({ key, name: s.ClassName, slips: [s] });
  }
  return out;
}

const cell = { border: '1px solid #000', px: 1, py: 0.5, textAlign: 'left', fontSize: 13 } as const;

function BookTable({ slip, withReader }: { slip: RecallSlip; withReader?: boolean }) {
  const { t } = useTranslation('circulation-recall');
  return (
    <Box component="table" sx={{ borderCollapse: 'collapse', width: '100%', my: 1 }}>
      <thead>
        <tr>
          {withReader && <Box component="th" sx={cell}>{t('col.ReaderName')}</Box>}
          <Box component="th" sx={cell}>{t('col.Title')}</Box>
          <Box component="th" sx={cell}>{t('col.Barcode')}</Box>
          <Box component="th" sx={cell}>{t('col.DueDay')}</Box>
          <Box component="th" sx={cell}>{t('col.OverdueDays')}</Box>
        </tr>
      </thead>
      <tbody>
        {slip.Books.map((b) => (
          <tr key={b.LoanID}>
            {withReader && <Box component="td" sx={cell}>{slip.ReaderName}</Box>}
            <Box component="td" sx={cell}>{b.Title}</Box>
            <Box component="td" sx={{ ...cell, fontFamily: 'monospace' }}>{b.Barcode}</Box>
            <Box component="td" sx={cell}>{b.DueDay}</Box>
            <Box component="td" sx={cell}>{b.OverdueDays}</Box>
          </tr>
        ))}
      </tbody>
    </Box>
  );
}

/**
 * The print-friendly view: one slip per reader (school, reader, class, the books and their due
 * days, a polite line), or one list per class for the class teacher; black on white, a page per
 * class list and slips kept whole. Only this view prints: the app behind it is hidden on paper.
 */
export function RecallPrintView({ data, kind, onPrint, onClose, printing }: { data: PrintData; kind: PrintKind; onPrint: () => void; onClose: () => void; printing: boolean }) {
  const { t } = useTranslation('circulation-recall');
  const classes = byClass(data.Slips);
  const books = data.Slips.reduce((n, s) => n + s.Books.length, 0);
  return (
    <Dialog fullScreen open onClose={onClose} aria-labelledby="recall-print-title">
      <GlobalStyles styles={{ '@media print': { '#root': { display: 'none !important' }, '.no-print': { display: 'none !important' }, '@page': { margin: '12mm' } } }} />
      <Box sx={{ bgcolor: 'background.default', minHeight: '100%', p: 2, '@media print': { bgcolor: 'transparent', p: 0 } }} data-testid="recall-print">
        <Stack className="no-print" direction="row" spacing={2} sx={{ alignItems: 'center', maxWidth: 800, mx: 'auto', mb: 2, flexWrap: 'wrap' }}>
          <Typography id="recall-print-title" variant="h6" component="h1" sx={{ flex: 1 }}>
            {t(kind === 'slips' ? 'print.slipsHeading' : 'print.classHeading', { readers: data.Slips.length, books })}
          </Typography>
          <Button variant="contained" onClick={onPrint} disabled={printing} data-testid="recall-print-go">{t('print.print')}</Button>
          <Button onClick={onClose} data-testid="recall-print-close">{t('print.close')}</Button>
        </Stack>
        <Typography className="no-print" variant="body2" sx={{ maxWidth: 800, mx: 'auto', mb: 2 }}>{t('print.hint')}</Typography>
        {kind === 'slips'
          ? data.Slips.map((s) => (
            <Box
              key={s.UserID} data-testid="recall-slip"
              sx={{ maxWidth: 800, mx: 'auto', mb: 2, p: 3, bgcolor: 'common.white', color: 'common.black', border: 1, borderColor: 'grey.400', breakInside: 'avoid', '@media print': { border: 'none', borderBottom: '1px dashed #000', mb: 0, py: 2 } }}
            >
              <Typography variant="h6" component="h2" sx={{ textAlign: 'center' }}>{t('print.slipTitle', { school: data.SchoolName })}</Typography>
              <Typography sx={{ mt: 1 }}>{t('print.slipTo', { name: s.ReaderName, className: s.ClassName || t('list.noClass'), card: s.ReaderID })}</Typography>
              <Typography sx={{ mt: 1 }}>{t('print.slipBody')}</Typography>
              <BookTable slip={s} />
              <Typography>{t('print.slipPolite')}</Typography>
              <Typography sx={{ textAlign: 'right', mt: 1 }}>{t('print.signature', { school: data.SchoolName, day: data.Day })}</Typography>
            </Box>
          ))
          : classes.map((c) => (
            <Box
              key={c.name} data-testid="recall-class-list"
              sx={{ maxWidth: 800, mx: 'auto', mb: 2, p: 3, bgcolor: 'common.white', color: 'common.black', border: 1, borderColor: 'grey.400', '@media print': { border: 'none', breakAfter: 'page', mb: 0, p: 0 } }}
            >
              <Typography variant="h6" component="h2" sx={{ textAlign: 'center' }}>{t('print.classTitle', { school: data.SchoolName, className: c.name || t('list.noClass') })}</Typography>
              <Typography sx={{ mt: 1 }}>{t('print.classIntro', { day: data.Day, readers: c.slips.length, books: c.slips.reduce((n, s) => n + s.Books.length, 0) })}</Typography>
              <Box component="table" sx={{ borderCollapse: 'collapse', width: '100%', my: 1 }}>
                <thead>
                  <tr>
                    <Box component="th" sx={cell}>{t('col.ReaderName')}</Box>
                    <Box component="th" sx={cell}>{t('col.ReaderID')}</Box>
                    <Box component="th" sx={cell}>{t('col.Title')}</Box>
                    <Box component="th" sx={cell}>{t('col.DueDay')}</Box>
                    <Box component="th" sx={cell}>{t('col.OverdueDays')}</Box>
                  </tr>
                </thead>
                <tbody>
                  {c.slips.flatMap((s) => s.Books.map((b, i) => (
                    <tr key={b.LoanID}>
                      <Box component="td" sx={cell}>{i === 0 ? s.ReaderName : ''}</Box>
                      <Box component="td" sx={{ ...cell, fontFamily: 'monospace' }}>{i === 0 ? s.ReaderID : ''}</Box>
                      <Box component="td" sx={cell}>{b.Title}</Box>
                      <Box component="td" sx={cell}>{b.DueDay}</Box>
                      <Box component="td" sx={cell}>{b.OverdueDays}</Box>
                    </tr>
                  )))}
                </tbody>
              </Box>
              <Typography>{t('print.classPolite')}</Typography>
              <Typography sx={{ textAlign: 'right', mt: 1 }}>{t('print.signature', { school: data.SchoolName, day: data.Day })}</Typography>
            </Box>
          ))}
      </Box>
    </Dialog>
  );
}
