import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { circulationRecordCalls as R, columnsOfSource, type ColumnSource, type ExportColumn } from '../../../shared/api/circulation-records.ts';
import { toast } from '../../lib/toast-store.ts';
import { useCanOp } from '../../lib/use-can-op.ts';
import { useStartJob } from '../../lib/use-start-job.ts';

interface Choice { key: ExportColumn; on: boolean }

const storageKey = (source: ColumnSource) => `lib.columnExport.${source}`;

/** The default choice: the screen's columns ticked in its order, the others after them, unticked. */
export function defaultChoice(source: ColumnSource, defaults: readonly ExportColumn[]): Choice[] {
  const all = columnsOfSource(source);
  const first = defaults.filter((k) => all.includes(k));
  return [...first.map((key) => ({ key, on: true })), ...all.filter((k) => !first.includes(k)).map((key) => ({ key, on: false }))];
}

/** The remembered choice of this screen (ticked columns in order), over the defaults; unknown names are dropped. */
export function loadChoice(source: ColumnSource, defaults: readonly ExportColumn[]): Choice[] {
  try {
    const saved = JSON.parse(localStorage.getItem(storageKey(source)) ?? 'null') as unknown;
    if (!Array.isArray(saved)) return defaultChoice(source, defaults);
    const all = columnsOfSource(source);
    const on = saved.filter((k): k is ExportColumn => typeof k === 'string' && all.includes(k as ExportColumn));
    if (!on.length) return defaultChoice(source, defaults);
    return [...on.map((key) => ({ key, on: true })), ...all.filter((k) => !on.includes(k)).map((key) => ({ key, on: false }))];
  } catch {
    return defaultChoice(source, defaults);
  }
}

/** Moves item `i` by `by` places (−1 up, +1 down) in a copy of the list. */
export function moved<T>(list: readonly T[], i: number, by: -1 | 1): T[] {
  const j = i + by;
  if (j < 0 || j >= list.length) return [...list];
  const out = [...list];
  [out[i], out[j]] = [out[j]!, out[i]!];
  return out;
}

/**
 * Export to Excel with the columns the user picks and orders: a small dialog, remembered per list
 * in local storage, then a job in the download panel (Download/ColumnScreen) under the list's
 * filters. Hidden without the export operation.
 */
export function ColumnExportButton({ source, filters, defaults }: { source: ColumnSource; filters: Record<string, unknown>; defaults: readonly ExportColumn[] }) {
  const { t } = useTranslation('circulation-export');
  const canExport = useCanOp(R.columnScreen.perm);
  const job = useStartJob(R.columnScreen);
  const [choice, setChoice] = useState<Choice[] | null>(null);
  if (!canExport) return null;
  const ticked = choice?.filter((c) => c.on).map((c) => c.key) ?? [];

  const start = () => {
    if (!ticked.length) return;
    localStorage.setItem(storageKey(source), JSON.stringify(ticked));
    const { Page: _p, Rows: _r, ...rest } = filters;
    const input = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined && v !== null && v !== ''));
    job.mutate({ ...input, Source: source, Columns: ticked } as never, {
      onSuccess: () => {
        toast.key('kit:export.started', 'success');
        setChoice(null);
      },
    });
  };

  return (
    <>
      <Button startIcon={<FileDownloadOutlined />} onClick={() => setChoice(loadChoice(source, defaults))} data-testid="column-export">{t('button')}</Button>
      {choice && (
        <Dialog open onClose={() => setChoice(null)} maxWidth="xs" fullWidth aria-labelledby="column-export-title">
          <DialogTitle id="column-export-title">{t('dialog.title')}</DialogTitle>
          <DialogContent>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>{t('dialog.intro')}</Typography>
            <List dense data-testid="column-export-list">
              {choice.map((c, i) => {
                const name = t(`columns.${c.key}`);
                return (
                  <ListItem
                    key={c.key} disableGutters data-testid={`column-${c.key}`}
                    secondaryAction={(
                      <>
                        <IconButton size="small" disabled={i === 0} onClick={() => setChoice(moved(choice, i, -1))} aria-label={t('dialog.up', { name })}><ArrowUpward fontSize="small" /></IconButton>
                        <IconButton size="small" disabled={i === choice.length - 1} onClick={() => setChoice(moved(choice, i, 1))} aria-label={t('dialog.down', { name })}><ArrowDownward fontSize="small" /></IconButton>
                      </>
                    )}
                  >
                    <FormControlLabel
                      control={<Checkbox size="small" checked={c.on} onChange={(e) => setChoice(choice.map((x, k) => (k === i ? { ...x, on: e.target.checked } : x)))} />}
                      label={name}
                    />
                  </ListItem>
                );
              })}
            </List>
            {!ticked.length && <Typography variant="body2" color="error" role="alert">{t('dialog.none')}</Typography>}
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setChoice(choice.map((c) => ({ ...c, on: true })))}>{t('dialog.all')}</Button>
            <Button onClick={() => setChoice(defaultChoice(source, defaults))}>{t('dialog.defaults')}</Button>
            <Button onClick={() => setChoice(null)}>{t('dialog.cancel')}</Button>
            <Button variant="contained" disabled={!ticked.length || job.isPending} onClick={start} data-testid="column-export-start">{t('dialog.start')}</Button>
          </DialogActions>
        </Dialog>
      )}
    </>
  );
}
