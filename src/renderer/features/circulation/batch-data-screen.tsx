import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { BATCH_OPS, circulationBatchCalls as B, UPLOAD_MAX_BYTES, UPLOAD_MAX_ROWS, type UploadResult, type UploadStatus } from '../../../shared/api/circulation-batch.ts';
import { call } from '../../lib/api-client.ts';
import { useCanOp } from '../../lib/use-can-op.ts';
import { toast } from '../../lib/toast-store.ts';
import { fileToBase64 } from '../../kit/import-export/read-file.ts';
import { dayOf } from './batch-shared.tsx';

const PATH = '/batchdata';

const STATUS_COLOR: Record<UploadStatus, 'default' | 'success' | 'error' | 'info' | 'warning'> = {
  ready: 'info', invalid: 'error', applied: 'default', done: 'success', refused: 'warning',
};

/**
 * /batchdata 借还数据导入: the transactions a desk recorded while it was offline (the network or
 * the server down), uploaded afterwards. Pick the file (.xlsx or .csv: time, kind, reader card,
 * barcode); every line is checked and shown (reader found, copy found, valid, or why not) before
 * anything is written; "Apply" then lends and returns in time order, a loan from the line's time
 * (its due day counts from then), a return as of the line's day. Lines an earlier upload already
 * applied are skipped and said so, so uploading the same file twice changes nothing twice.
 */
export default function BatchDataScreen() {
  const { t } = useTranslation(['circulation-batch', 'screens']);
  const canApply = useCanOp(BATCH_OPS.upload);
  const [file, setFile] = useState<{ FileName: string; Content: string } | null>(null);
  const [preview, setPreview] = useState<UploadResult | null>(null);
  const [applied, setApplied] = useState<UploadResult | null>(null);
  const [busy, setBusy] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  // One key per file applied: applying the same file again after a failure replays, never repeats.
  const applyKey = useRef<string>('');

  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const f = e.target.files?.[0];
    e.target.value = '';
    if (!f) return;
    setPreview(null);
    setApplied(null);
    if (!/\.(xlsx|csv)$/i.test(f.name)) {
      toast.key('circulation-batch:invalid.fileType');
      return;
    }
    if (f.size > UPLOAD_MAX_BYTES) {
      toast.key('circulation-batch:data.tooLarge');
      return;
    }
    const input = { FileName: f.name, Content: await fileToBase64(f) };
    setFile(input);
    applyKey.current = crypto.randomUUID();
    setBusy(true);
    try {
      setPreview(await call(B.uploadPreview, input));
    } catch {
      setFile(null);
    } finally {
      setBusy(false);
    }
  };

  const apply = async () => {
    if (!file) return;
    setBusy(true);
    try {
      setApplied(await call(B.uploadApply, file, { idempotencyKey: applyKey.current }));
    } catch {
      // The client showed why; the preview stays.
    } finally {
      setBusy(false);
    }
  };

  const template = () => {
    const csv = `${t('data.templateHeader')}\r\n${t('data.templateRow1')}\r\n${t('data.templateRow2')}\r\n`;
    const url = URL.createObjectURL(new Blob([`\uFEFF${csv}`], { type: 'text/csv;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = t('data.templateName');
    a.click();
    URL.revokeObjectURL(url);
  };

  const shown = applied ?? preview;
  const ready = preview ? preview.Counts.ready : 0;

  return (
    <Stack spacing={2} sx={{ p: 2, maxWidth: 1440 }}>
      <Typography variant="h5" component="h1">{t(`screens:titles.${PATH}`)}</Typography>
      <Alert severity="info">{t('data.intro', { max: UPLOAD_MAX_ROWS })}</Alert>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction="row" sx={{ gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <input ref={picker} type="file" accept=".xlsx,.csv" hidden onChange={pick} data-testid="batch-data-file" aria-label={t('data.pick')} />
          <Button variant="contained" onClick={() => picker.current?.click()} disabled={busy}>{t('data.pick')}</Button>
          <Button onClick={template}>{t('data.template')}</Button>
          {file && <Typography variant="body2" data-testid="batch-data-name">{file.FileName}</Typography>}
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>{t('data.columns')}</Typography>
      </Paper>

      {shown && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="subtitle1" component="h2">{applied ? t('data.appliedHeading') : t('data.previewHeading')}</Typography>
          <Typography variant="body2" role="status" data-testid="batch-data-counts" sx={{ mb: 1 }}>
            {applied
              ? t('data.appliedCounts', { done: applied.Counts.done, refused: applied.Counts.refused, applied: applied.Counts.applied, invalid: applied.Counts.invalid })
              : t('data.previewCounts', { total: shown.Total, ready: shown.Counts.ready, invalid: shown.Counts.invalid, applied: shown.Counts.applied })}
          </Typography>
          {!applied && shown.Counts.applied > 0 && <Alert severity="info" sx={{ mb: 1 }}>{t('data.alreadyNote', { count: shown.Counts.applied })}</Alert>}
          <TableContainer sx={{ maxHeight: 620 }}>
            <Table size="small" stickyHeader aria-label={applied ? t('data.appliedHeading') : t('data.previewHeading')} data-testid="batch-data-lines">
              <TableHead>
                <TableRow>
                  <TableCell>{t('col.line')}</TableCell>
                  <TableCell>{t('col.time')}</TableCell>
                  <TableCell>{t('col.kind')}</TableCell>
                  <TableCell>{t('col.reader')}</TableCell>
                  <TableCell>{t('col.barcode')}</TableCell>
                  <TableCell>{t('col.status')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {shown.List.map((l) => (
                  <TableRow key={l.Line} data-testid={`batch-data-line-${l.Line}`} data-status={l.Status}>
                    <TableCell>{l.Line}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{l.Time}</TableCell>
                    <TableCell>{l.Kind ? t(`data.kind.${l.Kind}`) : ''}</TableCell>
                    <TableCell>{l.ReaderName ? `${l.ReaderName} · ${l.ReaderID}` : l.ReaderID}</TableCell>
                    <TableCell>
                      <Typography component="span" variant="body2" sx={{ fontFamily: 'monospace', mr: 1 }}>{l.Barcode}</Typography>
                      {l.Title}
                    </TableCell>
                    <TableCell>
                      <Chip size="small" color={STATUS_COLOR[l.Status]} label={t(`data.status.${l.Status}`)} variant={l.Status === 'applied' ? 'outlined' : 'filled'} />
                      {l.Status === 'done' && l.DueAt && <Typography variant="caption" sx={{ ml: 1 }}>{t('data.due', { due: dayOf(l.DueAt) })}</Typography>}
                      {l.Problems.map((p, i) => <Typography key={i} variant="body2" color="error" sx={{ display: 'block' }}>{p}</Typography>)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {!applied && canApply && (
            <Button variant="contained" sx={{ mt: 2 }} disabled={!ready || busy} onClick={apply} data-testid="batch-data-apply">
              {t('data.apply', { count: ready })}
            </Button>
          )}
        </Paper>
      )}
    </Stack>
  );
}
