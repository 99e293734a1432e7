import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { BROWSER_UNSUPPORTED, isDesktop } from '../../lib/bridge.ts';
import { allTemplates, choiceFor, printerFor, setChoice, templateFor, useLabelStyles } from './label-styles.ts';
import { printCopyLabels } from './print-labels.ts';
import { errorNote, noteText, type Note } from './print-note.ts';
import { usePrinters } from './use-printers.ts';

interface Printed { seq: number; barcode: string; note: Note }

/**
 * /callnumprint/plugin: direct printing at the cataloguing desk. Each barcode scanned prints its
 * spine label at once (and its barcode label, when asked) on the desk's label printer, usually a
 * roll, so the label comes out as the book is in hand. The box keeps the focus; the newest scan
 * is listed first.
 */
export default function ScanPrintScreen() {
  const { t } = useTranslation(['printing', 'errors']);
  const desktop = isDesktop();
  const styles = useLabelStyles();
  const printers = usePrinters();
  const [code, setCode] = useState('');
  const [withBarcode, setWithBarcode] = useState(false);
  const [printed, setPrinted] = useState<Printed[]>([]);
  const box = useRef<HTMLInputElement>(null);
  const seq = useRef(0);
  const choice = choiceFor(styles, 'spine');
  const template = templateFor(styles, choice.template);


  const scan = async (barcode: string) => {
    setCode('');
    box.current?.focus();
    const kinds = withBarcode ? (['spine', 'barcode'] as const) : (['spine'] as const);
    for (const kind of kinds) {
      const n = ++seq.current;
      try {
        const r = await printCopyLabels(t, styles, printers, { kind, barcodes: [barcode], title: `${t(`printing:batch.kind.${kind}`)} ${barcode}` });
        const note: Note = r.severity === 'success' ? { severity: 'success', key: `printing:scanPrint.printed.${kind}` } : r;
        setPrinted((list) => [{ seq: n, barcode, note }, ...list].slice(0, 200));
      } catch (err) {
        setPrinted((list) => [{ seq: n, barcode, note: errorNote(err) }, ...list].slice(0, 200));
      }
    }
  };

  return (
    <Card variant="outlined" sx={{ maxWidth: 760 }}>
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="h6" component="h1">{t('printing:scanPrint.heading')}</Typography>
          <Typography variant="body2" color="text.secondary">{t('printing:scanPrint.intro')}</Typography>
          {!desktop && <Alert severity="info" data-testid="print-browser-note">{t(BROWSER_UNSUPPORTED)}</Alert>}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField select label={t('printing:template')} value={template.name} onChange={(e) => setChoice('spine', { ...choice, template: e.target.value })} sx={{ flex: 2 }}>
              {allTemplates(styles).map((p) => <MenuItem key={p.name} value={p.name}>{p.name}</MenuItem>)}
            </TextField>
            <TextField label={t('printing:printer')} value={printerFor(styles, template.name, printers) || t('printing:scanPrint.noPrinter')} slotProps={{ input: { readOnly: true } }} sx={{ flex: 1 }}
              helperText={<Link component={RouterLink} to="/print">{t('printing:scanPrint.changeInCentre')}</Link>} />
          </Stack>
          {template.kind === 'sheet' && <Alert severity="warning" data-testid="scan-print-sheet-warning">{t('printing:scanPrint.sheetWarning')}</Alert>}
          <FormControlLabel control={<Checkbox checked={withBarcode} onChange={(e) => setWithBarcode(e.target.checked)} />} label={t('printing:scanPrint.withBarcode')} />
          <TextField
            inputRef={box} autoFocus label={t('printing:scanPrint.scan')} value={code} disabled={!desktop || !printers.length}
            onChange={(e) => setCode(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && code.trim()) {
                e.preventDefault();
                void scan(code.trim());
              }
            }}
            slotProps={{ htmlInput: { 'data-testid': 'scan-print-box', maxLength: 64, autoComplete: 'off' } }}
          />
          {printed.length > 0 && (
            <List dense data-testid="scan-print-list" aria-label={t('printing:scanPrint.listLabel')}>
              {printed.map((p) => (
                <ListItem key={p.seq} disableGutters>
                  <ListItemText primary={p.barcode} secondary={noteText(t, p.note)} slotProps={{ secondary: { color: p.note.severity === 'error' ? 'error' : 'text.secondary' } }} />
                </ListItem>
              ))}
            </List>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
