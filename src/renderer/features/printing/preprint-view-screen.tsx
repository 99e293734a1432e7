import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import JsBarcode from 'jsbarcode';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import GlobalStyles from '@mui/material/GlobalStyles';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { catalogueCalls as C } from '../../../shared/api/catalogue.ts';
import { labelOrigin, labelsPerPage, type SheetTemplate } from '../../../shared/domain/printing/label-template.ts';
import { call } from '../../lib/api-client.ts';
import { errorText } from '../../kit/data/error-text.ts';
import { allTemplates, choiceFor, setChoice, templateFor, useLabelStyles } from './label-styles.ts';

function Barcode({ value, heading, format }: { value: string; heading: string; format: 'CODE128' | 'CODE39' }) {
  const svg = useRef<SVGSVGElement>(null);
  useEffect(() => {
    if (svg.current) JsBarcode(svg.current, value, { format, height: 40, width: 1.4, fontSize: 13, margin: 0, text: value });
  }, [value, format]);
  return (
    <Stack sx={{ alignItems: 'center', justifyContent: 'center', height: '100%', overflow: 'hidden' }}>
      {heading && <Box sx={{ fontSize: '2.6mm', lineHeight: 1.2, whiteSpace: 'nowrap' }}>{heading}</Box>}
      <svg ref={svg} role="img" aria-label={value} style={{ maxWidth: '94%', maxHeight: '75%' }} />
    </Stack>
  );
}

/**
 * /barcode-prepriting-view (no sign-in): the barcodes of a reserved range laid out on a label
 * sheet for the browser's own printing, opened by the 30-minute token /preprint gives. The sheet
 * templates and offsets are this browser's label styles. Printing hides everything but the sheets.
 */
export default function PreprintViewScreen() {
  const { t } = useTranslation(['printing', 'catalogue', 'errors']);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const styles = useLabelStyles();
  const view = useQuery({ queryKey: ['preprint-view', token], queryFn: () => call(C.preprintView, { Token: token }), enabled: !!token, retry: false, staleTime: Infinity });
  const sheets = allTemplates(styles).filter((x): x is SheetTemplate => x.kind === 'sheet');
  const choice = choiceFor(styles, 'barcode');
  const chosen = templateFor(styles, choice.template);
  const template = chosen.kind === 'sheet' ? chosen : (templateFor(styles, sheets[0]!.name) as SheetTemplate);
  const [format, setFormat] = useState<'CODE128' | 'CODE39'>(choice.format === 'CODE39' ? 'CODE39' : 'CODE128');

  if (!token || view.isError) {
    return (
      <Box sx={{ p: 3, maxWidth: 640, mx: 'auto' }}>
        <Typography variant="h6" component="h1" sx={{ mb: 2 }}>{t('printing:preprint.viewTitle')}</Typography>
        <Alert severity="error" data-testid="preprint-view-error">{token ? errorText(t, view.error) : t('catalogue:errors.printExpired')}</Alert>
      </Box>
    );
  }
  if (!view.data) return null;
  const per = labelsPerPage(template);
  const pages = Array.from({ length: Math.ceil(view.data.Barcodes.length / per) }, (_, p) => view.data.Barcodes.slice(p * per, (p + 1) * per));

  return (
    <Box sx={{ p: 2, bgcolor: 'grey.100', minHeight: '100vh', overflowX: 'auto', '@media print': { p: 0, bgcolor: 'transparent' } }}>
      <GlobalStyles styles={{ '@page': { size: `${template.page.width}mm ${template.page.height}mm`, margin: 0 }, '@media print': { '.no-print': { display: 'none !important' } } }} />
      <Stack className="no-print" spacing={2} sx={{ maxWidth: 900, mx: 'auto', mb: 2 }}>
        <Typography variant="h6" component="h1">{t('printing:preprint.viewHeading', { school: view.data.School })}</Typography>
        <Typography variant="body2" data-testid="preprint-view-summary">
          {t('printing:preprint.viewSummary', { count: view.data.Barcodes.length, first: view.data.First, last: view.data.Last, pages: pages.length })}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField select label={t('printing:template')} value={template.name} onChange={(e) => setChoice('barcode', { ...choice, template: e.target.value })} sx={{ flex: 2 }}>
            {sheets.map((s) => <MenuItem key={s.name} value={s.name}>{s.name}</MenuItem>)}
          </TextField>
          <TextField select label={t('printing:format')} value={format} onChange={(e) => setFormat(e.target.value as 'CODE128' | 'CODE39')} sx={{ flex: 1 }}>
            {(['CODE128', 'CODE39'] as const).map((f) => <MenuItem key={f} value={f}>{t(`printing:formats.${f}`)}</MenuItem>)}
          </TextField>
        </Stack>
        <Alert severity="info">{t('printing:preprint.viewHint')}</Alert>
        <Button variant="contained" sx={{ alignSelf: 'flex-start' }} onClick={() => window.print()} data-testid="preprint-view-print">{t('printing:preprint.browserPrint')}</Button>
      </Stack>
      {pages.map((codes, p) => (
        <Box
          key={p} data-testid="preprint-sheet"
          sx={{
            position: 'relative', width: `${template.page.width}mm`, height: `${template.page.height}mm`, mx: 'auto', mb: 2, bgcolor: 'common.white', color: 'common.black', boxShadow: 1,
            '@media print': { mb: 0, boxShadow: 'none', breakAfter: 'page' },
          }}
        >
          {codes.map((code, i) => {
            const at = labelOrigin(template, i);
            return (
              <Box key={code} sx={{ position: 'absolute', left: `${at.x}mm`, top: `${at.y}mm`, width: `${template.label.width}mm`, height: `${template.label.height}mm`, p: '1.5mm' }}>
                <Barcode value={code} heading={view.data.School} format={format} />
              </Box>
            );
          })}
        </Box>
      ))}
    </Box>
  );
}
