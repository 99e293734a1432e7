import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PRINT_LIMIT } from '../../../shared/domain/ui-constants.ts';
import { BARCODE_FORMATS, labelsPerPage, type BarcodeFormat, type LabelKind } from '../../../shared/domain/printing/label-template.ts';
import { BROWSER_UNSUPPORTED, isDesktop } from '../../lib/bridge.ts';
import { allTemplates, choiceFor, printerFor, setChoice, setOffset, setPrinter, templateFor, useLabelStyles } from './label-styles.ts';
import { printCopyLabels } from './print-labels.ts';
import { errorNote, noteText, type Note } from './print-note.ts';
import { usePrinters } from './use-printers.ts';

type PrintKind = Exclude<LabelKind, 'card'>;

/**
 * Barcode and spine (call-number) labels for scanned or typed barcodes, the archetype behind
 * /barcodeprint, /callnumprint/common and their offprint variants (which start at any position of
 * a partly used sheet). The labels' data comes from the gateway once (GetSshPrint, getbarcodefile);
 * the PDF is made and queued in the desktop app, which prints it even if the network goes.
 */
export function LabelPrintScreen({ kind, offprint }: { kind: PrintKind; offprint: boolean }) {
  const { t } = useTranslation(['printing', 'errors', 'validation']);
  const desktop = isDesktop();
  const styles = useLabelStyles();
  const choice = choiceFor(styles, kind);
  const [codes, setCodes] = useState('');
  const [position, setPosition] = useState('1');
  const [copies, setCopies] = useState('1');
  const printers = usePrinters();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Note | null>(null);


  const barcodes = useMemo(() => [...new Set(codes.split(/[\s,，;；]+/).map((s) => s.trim()).filter(Boolean))], [codes]);
  // The template with this desk's offsets, and the printer last used with it (or the first one).
  const template = templateFor(styles, choice.template);
  const printer = printerFor(styles, template.name, printers);
  const per = labelsPerPage(template);
  const start = Math.min(per, Math.max(1, Number(position) || 1));
  const pages = barcodes.length ? Math.ceil((barcodes.length + (offprint ? start - 1 : 0)) / per) : 0;

  const print = async () => {
    setBusy(true);
    setResult(null);
    try {
      const r = await printCopyLabels(t, styles, printers, { kind, barcodes, copies: Math.max(1, Math.min(20, Number(copies) || 1)), ...(offprint ? { firstPosition: start - 1 } : {}) });
      setResult(r);
    } catch (err) {
      setResult(errorNote(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card variant="outlined" sx={{ maxWidth: 760 }}>
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="h6" component="h1">{t(`printing:heading.${kind}${offprint ? 'Offprint' : ''}`)}</Typography>
          {!desktop && <Alert severity="info" data-testid="print-browser-note">{t(BROWSER_UNSUPPORTED)}</Alert>}
          <TextField
            label={t('printing:barcodes')} multiline minRows={4} maxRows={12} value={codes} onChange={(e) => setCodes(e.target.value)}
            helperText={t('printing:barcodesHelp', { count: barcodes.length, max: PRINT_LIMIT })} error={barcodes.length > PRINT_LIMIT}
            slotProps={{ htmlInput: { 'data-testid': 'print-barcodes' } }}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <FormControl fullWidth>
              <InputLabel id="print-template">{t('printing:template')}</InputLabel>
              <Select labelId="print-template" label={t('printing:template')} value={template.name} onChange={(e) => setChoice(kind, { ...choice, template: String(e.target.value) })}>
                {allTemplates(styles).map((p) => <MenuItem key={p.name} value={p.name}>{p.name}</MenuItem>)}
              </Select>
            </FormControl>
            {kind === 'barcode' && (
              <FormControl sx={{ minWidth: 280 }}>
                <InputLabel id="print-format">{t('printing:format')}</InputLabel>
                <Select labelId="print-format" label={t('printing:format')} value={choice.format} onChange={(e) => setChoice(kind, { ...choice, format: e.target.value as BarcodeFormat })}>
                  {BARCODE_FORMATS.filter((f) => f !== 'EAN13').map((f) => <MenuItem key={f} value={f}>{t(`printing:formats.${f}`)}</MenuItem>)}
                </Select>
              </FormControl>
            )}
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField label={t('printing:offsetX')} type="number" value={template.offset.x} onChange={(e) => setOffset(template.name, { ...template.offset, x: Number(e.target.value) || 0 })} slotProps={{ htmlInput: { step: 0.1, min: -20, max: 20 } }} helperText={t('printing:offsetHelp')} sx={{ flex: 1 }} />
            <TextField label={t('printing:offsetY')} type="number" value={template.offset.y} onChange={(e) => setOffset(template.name, { ...template.offset, y: Number(e.target.value) || 0 })} slotProps={{ htmlInput: { step: 0.1, min: -20, max: 20 } }} sx={{ flex: 1 }} />
            {offprint && (
              <TextField label={t('printing:startAt')} type="number" value={position} onChange={(e) => setPosition(e.target.value)} helperText={t('printing:startAtHelp', { per })} slotProps={{ htmlInput: { min: 1, max: per, 'data-testid': 'print-start' } }} sx={{ flex: 1 }} />
            )}
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <FormControl fullWidth disabled={!desktop}>
              <InputLabel id="print-printer">{t('printing:printer')}</InputLabel>
              <Select labelId="print-printer" label={t('printing:printer')} value={printer} onChange={(e) => setPrinter(template.name, String(e.target.value))} data-testid="print-printer">
                {printers.map((p) => <MenuItem key={p} value={p}>{p}</MenuItem>)}
              </Select>
            </FormControl>
            <TextField label={t('printing:copies')} type="number" value={copies} onChange={(e) => setCopies(e.target.value)} slotProps={{ htmlInput: { min: 1, max: 20 } }} sx={{ minWidth: 120 }} />
          </Stack>
          <Typography variant="body2" color="text.secondary" data-testid="print-summary">{t('printing:summary', { count: barcodes.length, pages })}</Typography>
          {desktop && !printers.length && <Alert severity="warning">{t('printing:noPrinters')}</Alert>}
          {result && (
            <Alert severity={result.severity} data-testid="print-result">
              {noteText(t, result)}
              {result.severity === 'success' && <> <Link component={RouterLink} to="/print">{t('printing:toCentre')}</Link></>}
            </Alert>
          )}
          <Button variant="contained" sx={{ alignSelf: 'flex-start' }} disabled={!desktop || busy || !barcodes.length || barcodes.length > PRINT_LIMIT || !printer} onClick={() => void print()} data-testid="print-go">
            {t('printing:print', { count: barcodes.length })}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
