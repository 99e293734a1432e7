import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { labelsPerPage, type LabelContent, type LabelTemplate } from '../../../shared/domain/printing/label-template.ts';
import { bridge, bridgeErrorKey, isDesktop } from '../../lib/bridge.ts';
import { allTemplates, deleteTemplate, printerFor, exportStyles, importStyles, isPreset, setOffset, setPrinter, templateFor, useLabelStyles } from './label-styles.ts';
import { TemplateDialog } from './template-dialog.tsx';
import { noteText, type Note } from './print-note.ts';
import { usePrinters } from './use-printers.ts';

const size = (t: LabelTemplate) => `${t.label.width} × ${t.label.height} mm`;

/**
 * The print centre's label templates: presets and this desk's own, each with its offsets and
 * printer; a calibration page per template; export of the desk's styles to a file and import
 * at another desk.
 */
export function TemplateSection() {
  const { t } = useTranslation(['printing', 'errors']);
  const styles = useLabelStyles();
  const desktop = isDesktop();
  const printers = usePrinters();
  const [dialog, setDialog] = useState<{ editing: LabelTemplate | null; kind: 'sheet' | 'roll' } | null>(null);
  const [message, setMessage] = useState<Note | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const file = useRef<HTMLInputElement>(null);


  const printerOf = (name: string) => printerFor(styles, name, printers);

  const calibrate = async (name: string) => {
    const template = templateFor(styles, name);
    const labels: LabelContent[] = Array.from({ length: labelsPerPage(template) }, (_, i) => ({ kind: 'calibration', position: i + 1 }));
    const r = await bridge.print({ title: t('printing:templates.calibrationJob', { name }), printer: printerOf(name), copies: 1, template, labels });
    setMessage(r.ok ? { severity: 'success', key: 'printing:templates.calibrationQueued' } : { severity: 'error', key: bridgeErrorKey(r.error) });
  };

  const download = () => {
    const url = URL.createObjectURL(new Blob([exportStyles()], { type: 'application/json' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'label-styles.json';
    a.click();
    URL.revokeObjectURL(url);
  };

  const upload = async (f: File | undefined) => {
    if (!f) return;
    const r = importStyles(await f.text());
    if (file.current) file.current.value = '';
    setMessage(r.ok
      ? { severity: 'success', key: 'printing:templates.imported', params: { count: r.templates } }
      : { severity: 'error', key: `printing:templates.problems.${r.reason}`, params: { name: r.name ?? '' } });
  };

  return (
    <Card variant="outlined">
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="h6" component="h2">{t('printing:templates.heading')}</Typography>
          <Typography variant="body2" color="text.secondary">{t('printing:templates.intro')}</Typography>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            <Button variant="outlined" onClick={() => setDialog({ editing: null, kind: 'sheet' })} data-testid="template-new-sheet">{t('printing:templates.newSheet')}</Button>
            <Button variant="outlined" onClick={() => setDialog({ editing: null, kind: 'roll' })}>{t('printing:templates.newRoll')}</Button>
            <Button onClick={download} data-testid="template-export">{t('printing:templates.export')}</Button>
            <Button onClick={() => file.current?.click()} data-testid="template-import">{t('printing:templates.import')}</Button>
            <input ref={file} hidden type="file" accept="application/json,.json" aria-label={t('printing:templates.import')} onChange={(e) => void upload(e.target.files?.[0])} data-testid="template-import-file" />
          </Stack>
          {message && <Alert severity={message.severity} onClose={() => setMessage(null)} data-testid="template-message">{noteText(t, message)}</Alert>}
          <Table size="small" data-testid="template-list">
            <TableHead>
              <TableRow>
                <TableCell>{t('printing:templates.name')}</TableCell>
                <TableCell>{t('printing:templates.labelSize')}</TableCell>
                <TableCell align="right">{t('printing:templates.perPage')}</TableCell>
                <TableCell>{t('printing:templates.offsets')}</TableCell>
                <TableCell>{t('printing:printer')}</TableCell>
                <TableCell>{t('printing:centre.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {allTemplates(styles).map((tpl) => {
                const off = templateFor(styles, tpl.name).offset;
                return (
                  <TableRow key={tpl.name} data-testid={`template-row-${tpl.name}`}>
                    <TableCell>{tpl.name}{isPreset(tpl.name) ? ` (${t('printing:templates.preset')})` : ''}</TableCell>
                    <TableCell>{size(tpl)}</TableCell>
                    <TableCell align="right">{labelsPerPage(tpl)}</TableCell>
                    <TableCell>
                      <Stack direction="row" spacing={1}>
                        {(['x', 'y'] as const).map((axis) => (
                          <TextField
                            key={axis} size="small" type="number" label={t(axis === 'x' ? 'printing:offsetX' : 'printing:offsetY')} value={off[axis]}
                            onChange={(e) => setOffset(tpl.name, { ...off, [axis]: Number(e.target.value) || 0 })}
                            slotProps={{ htmlInput: { step: 0.1, min: -20, max: 20 } }} sx={{ width: 150 }}
                          />
                        ))}
                      </Stack>
                    </TableCell>
                    <TableCell>
                      <TextField
                        select size="small" disabled={!printers.length} label={t('printing:printer')} value={printerOf(tpl.name)}
                        onChange={(e) => setPrinter(tpl.name, e.target.value)} sx={{ minWidth: 180 }}
                      >
                        {printers.map((p) => <MenuItem key={p} value={p}>{p}</MenuItem>)}
                      </TextField>
                    </TableCell>
                    <TableCell>
                      <Stack direction="row" spacing={1}>
                        <Button size="small" sx={{ whiteSpace: 'nowrap' }} disabled={!desktop || !printers.length} onClick={() => void calibrate(tpl.name)} data-testid={`template-calibrate-${tpl.name}`}>
                          {t('printing:templates.calibrate')}
                        </Button>
                        {!isPreset(tpl.name) && (
                          <>
                            <Button size="small" onClick={() => setDialog({ editing: tpl, kind: tpl.kind })}>{t('printing:templates.edit')}</Button>
                            {confirming === tpl.name
                              ? <Button size="small" color="error" variant="contained" onClick={() => { deleteTemplate(tpl.name); setConfirming(null); }} data-testid={`template-confirm-delete-${tpl.name}`}>{t('printing:templates.confirmDelete')}</Button>
                              : <Button size="small" color="error" onClick={() => setConfirming(tpl.name)} data-testid={`template-delete-${tpl.name}`}>{t('printing:templates.delete')}</Button>}
                          </>
                        )}
                      </Stack>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Stack>
      </CardContent>
      {dialog && <TemplateDialog styles={styles} editing={dialog.editing} kind={dialog.kind} onClose={() => setDialog(null)} />}
    </Card>
  );
}
