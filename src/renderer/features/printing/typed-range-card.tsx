import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PRINT_LIMIT } from '../../../shared/domain/ui-constants.ts';
import { barcodeRange } from '../../../shared/domain/catalogue/barcode-sequence.ts';
import { useLabelStyles } from './label-styles.ts';
import { printBarcodeLabels } from './print-labels.ts';
import { noteText, type Note } from './print-note.ts';

/**
 * A typed range printed at this desk with no gateway call, for when the network is down. The
 * numbers are not taken from a sequence, so the card says to raise the sequence past them once
 * the network is back (/book-editing-rule), as Koha's barcode-range printing leaves it to staff.
 */
export function TypedRangeCard({ school, printers }: { school: string; printers: readonly string[] }) {
  const { t } = useTranslation('printing');
  const styles = useLabelStyles();
  const [prefix, setPrefix] = useState('');
  const [width, setWidth] = useState('8');
  const [first, setFirst] = useState('1');
  const [count, setCount] = useState('30');
  const [message, setMessage] = useState<Note | null>(null);
  const range = barcodeRange({ prefix, width: Number(width), first: Number(first), count: Number(count) }, PRINT_LIMIT);

  const print = async () => {
    if (!range.ok) return;
    setMessage(await printBarcodeLabels(t, styles, printers, {
      barcodes: range.barcodes, heading: school, title: t('preprint.jobTitle', { first: range.barcodes[0], last: range.barcodes.at(-1) }),
    }));
  };

  return (
    <Card variant="outlined">
      <CardContent>
        <Stack spacing={2} sx={{ maxWidth: 760 }}>
          <Typography variant="h6" component="h2">{t('preprint.typedHeading')}</Typography>
          <Alert severity="warning">{t('preprint.typedWarning')}</Alert>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField label={t('preprint.prefix')} value={prefix} onChange={(e) => setPrefix(e.target.value.toUpperCase())} sx={{ flex: 1 }} slotProps={{ htmlInput: { maxLength: 16, 'data-testid': 'typed-prefix' } }} />
            <TextField label={t('preprint.width')} type="number" value={width} onChange={(e) => setWidth(e.target.value)} sx={{ flex: 1 }} slotProps={{ htmlInput: { min: 1, max: 18, 'data-testid': 'typed-width' } }} />
            <TextField label={t('preprint.first')} type="number" value={first} onChange={(e) => setFirst(e.target.value)} sx={{ flex: 1 }} slotProps={{ htmlInput: { min: 0, 'data-testid': 'typed-first' } }} />
            <TextField label={t('preprint.count')} type="number" value={count} onChange={(e) => setCount(e.target.value)} sx={{ flex: 1 }} slotProps={{ htmlInput: { min: 1, max: PRINT_LIMIT, 'data-testid': 'typed-count' } }} />
          </Stack>
          <Typography variant="body2" color={range.ok ? 'text.secondary' : 'error'} data-testid="typed-summary">
            {range.ok ? t('preprint.typedSummary', { count: range.barcodes.length, first: range.barcodes[0], last: range.barcodes.at(-1) }) : t(`preprint.rangeProblems.${range.problem}`, { max: PRINT_LIMIT })}
          </Typography>
          {message && <Alert severity={message.severity} onClose={() => setMessage(null)} data-testid="typed-message">{noteText(t, message)}</Alert>}
          <Button variant="outlined" sx={{ alignSelf: 'flex-start' }} disabled={!range.ok} onClick={() => void print()} data-testid="typed-print">
            {t('preprint.typedPrint', { count: range.ok ? range.barcodes.length : 0 })}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
