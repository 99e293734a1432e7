import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { PAGE_SIZES, type LabelStyles, type LabelTemplate } from '../../../shared/domain/printing/label-template.ts';
import { saveTemplate, templateProblem } from './label-styles.ts';

type PageChoice = keyof typeof PAGE_SIZES | 'custom';
/** The form's fields, as typed (numbers in millimetres). */
interface Draft {
  name: string; kind: 'sheet' | 'roll'; page: PageChoice; pageW: string; pageH: string; rows: string; cols: string;
  labelW: string; labelH: string; top: string; left: string; gapX: string; gapY: string;
}

function toDraft(t: LabelTemplate | null, kind: 'sheet' | 'roll'): Draft {
  const s = t?.kind === 'sheet' ? t : null;
  const page = s ? ((Object.keys(PAGE_SIZES) as (keyof typeof PAGE_SIZES)[]).find((k) => PAGE_SIZES[k].width === s.page.width && PAGE_SIZES[k].height === s.page.height) ?? 'custom') : 'A4';
  return {
    name: t?.name ?? '', kind: t?.kind ?? kind, page, pageW: String(s?.page.width ?? 210), pageH: String(s?.page.height ?? 297),
    rows: String(s?.rows ?? 10), cols: String(s?.cols ?? 3), labelW: String(t?.label.width ?? (kind === 'roll' ? 50 : 70)), labelH: String(t?.label.height ?? (kind === 'roll' ? 30 : 25.4)),
    top: String(s?.margin.top ?? 0), left: String(s?.margin.left ?? 0), gapX: String(s?.gap.x ?? 0), gapY: String(s?.gap.y ?? 0),
  };
}

function fromDraft(d: Draft): LabelTemplate {
  const n = (v: string) => (v.trim() === '' ? Number.NaN : Number(v));
  const label = { width: n(d.labelW), height: n(d.labelH) };
  if (d.kind === 'roll') return { kind: 'roll', name: d.name.trim(), label, offset: { x: 0, y: 0 } };
  const page = d.page === 'custom' ? { width: n(d.pageW), height: n(d.pageH) } : PAGE_SIZES[d.page];
  return {
    kind: 'sheet', name: d.name.trim(), page, rows: n(d.rows), cols: n(d.cols), label,
    margin: { top: n(d.top), left: n(d.left) }, gap: { x: n(d.gapX), y: n(d.gapY) }, offset: { x: 0, y: 0 },
  };
}

/**
 * A desk template, new or edited: a sheet (page size, rows × columns, label size, top and left
 * margins, gaps) or a roll (label size). Checked against the shared schema and against the page
 * (the labels must lie on it) before it is saved; offsets are set where labels are printed.
 */
export function TemplateDialog({ styles, editing, kind, onClose }: { styles: LabelStyles; editing: LabelTemplate | null; kind: 'sheet' | 'roll'; onClose: () => void }) {
  const { t } = useTranslation('printing');
  const [d, setD] = useState<Draft>(() => toDraft(editing, kind));
  const [problem, setProblem] = useState<string | null>(null);
  const field = (key: keyof Draft, label: string, extra: object = {}) => (
    <TextField
      label={label} value={d[key]} onChange={(e) => setD({ ...d, [key]: e.target.value })} type={key === 'name' ? 'text' : 'number'}
      slotProps={{ htmlInput: { step: key === 'rows' || key === 'cols' ? 1 : 0.1, 'data-testid': `template-${key}` } }} sx={{ flex: 1 }} {...extra}
    />
  );
  const save = () => {
    const next = fromDraft(d);
    const p = templateProblem(styles, next, editing?.name);
    if (p) {
      setProblem(t(`templates.problems.${p}`, { name: next.name }));
      return;
    }
    saveTemplate(next, editing?.name);
    onClose();
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" data-testid="template-dialog">
      <form noValidate onSubmit={(e) => { e.preventDefault(); save(); }}>
        <DialogTitle>{t(editing ? 'templates.edit' : d.kind === 'roll' ? 'templates.newRoll' : 'templates.newSheet')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {field('name', t('templates.name'), { autoFocus: true, required: true })}
            {d.kind === 'sheet' && (
              <>
                <Stack direction="row" spacing={2}>
                  <TextField select label={t('templates.page')} value={d.page} onChange={(e) => setD({ ...d, page: e.target.value as PageChoice })} sx={{ flex: 1 }}>
                    {(['A4', 'Letter', 'custom'] as const).map((p) => <MenuItem key={p} value={p}>{t(`templates.pages.${p}`)}</MenuItem>)}
                  </TextField>
                  {d.page === 'custom' && field('pageW', t('templates.pageWidth'))}
                  {d.page === 'custom' && field('pageH', t('templates.pageHeight'))}
                </Stack>
                <Stack direction="row" spacing={2}>{field('rows', t('templates.rows'))}{field('cols', t('templates.cols'))}</Stack>
              </>
            )}
            <Stack direction="row" spacing={2}>{field('labelW', t('templates.labelWidth'))}{field('labelH', t('templates.labelHeight'))}</Stack>
            {d.kind === 'sheet' && (
              <>
                <Stack direction="row" spacing={2}>{field('top', t('templates.marginTop'))}{field('left', t('templates.marginLeft'))}</Stack>
                <Stack direction="row" spacing={2}>{field('gapX', t('templates.gapX'))}{field('gapY', t('templates.gapY'))}</Stack>
              </>
            )}
            {problem && <Alert severity="error" data-testid="template-problem">{problem}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('templates.cancel')}</Button>
          <Button type="submit" variant="contained" data-testid="template-save">{t('templates.save')}</Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
