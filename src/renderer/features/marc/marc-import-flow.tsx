import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { marcCalls as C, DUPLICATE_POLICIES, marcEncodingSchema, marcReadFlavourSchema } from '../../../shared/api/marc.ts';
import { jobCalls } from '../../../shared/api/jobs.ts';
import { basicSetsCalls } from '../../../shared/api/basic-sets.ts';
import { call } from '../../lib/api-client.ts';
import { jobsStore } from '../../lib/jobs-store.ts';
import { errorText } from '../../kit/data/error-text.ts';
import { uploadInChunks } from './chunked-upload.ts';

type Summary = Awaited<ReturnType<typeof call<typeof C.post>>>;
type ReadAs = { Encoding: (typeof marcEncodingSchema.options)[number]; Flavour: (typeof marcReadFlavourSchema.options)[number] };
const AUTO: ReadAs = { Encoding: 'auto', Flavour: 'auto' };
/** Names of character sets and formats: the same in both languages. */
const NAMES: Record<string, string> = { 'utf-8': 'UTF-8', gb18030: 'GBK/GB18030', 'marc-8': 'MARC-8', marc21: 'MARC 21', unimarc: 'CNMARC (UNIMARC)' };

/**
 * The MARC import, step by step: choose a file → chunked upload (resumes) → the preview of every
 * record with its problems → duplicate policy (and the area for copies) → import as a job →
 * progress → the result and the report in the download panel. The preview says how the file was
 * read (format and character set); when the reader guessed wrong (garbled text, no titles), the
 * cataloguer names either and the file is read again that way, which the import then follows.
 * `catalogueOnly` imports titles without copies (/marc-catalog-import).
 */
export function MarcImportFlow({ catalogueOnly }: { catalogueOnly: boolean }) {
  const { t, i18n } = useTranslation(['marc', 'validation']);
  const [upload, setUpload] = useState<{ sent: number; total: number } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [summary, setSummary] = useState<Summary | null>(null);
  const [readAs, setReadAs] = useState<ReadAs>(AUTO);
  /** Bumped on every read of the file: the preview's pages are of that reading. */
  const [reading, setReading] = useState(0);
  const [rereading, setRereading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [onlyProblems, setOnlyProblems] = useState(false);
  const [page, setPage] = useState(0);
  const [policy, setPolicy] = useState<(typeof DUPLICATE_POLICIES)[number]>('skip');
  const [areaId, setAreaId] = useState('');
  const [dataId, setDataId] = useState<string | null>(null);
  const areas = useQuery({ queryKey: ['marc', 'areas'], queryFn: () => call(basicSetsCalls.locationList, { Page: 1, Rows: 200 }), enabled: !catalogueOnly });
  const preview = useQuery({
    queryKey: ['marc', 'preview', summary?.FileID, reading, onlyProblems, page],
    queryFn: () => call(C.previewTable, { FileID: summary!.FileID, Page: page + 1, Rows: 10, OnlyProblems: onlyProblems }),
    enabled: summary != null,
  });
  const progress = useQuery({
    queryKey: ['marc', 'job', dataId],
    queryFn: () => call(jobCalls.getProgress, { DataID: dataId! }),
    enabled: dataId != null,
    refetchInterval: (q) => (q.state.data && q.state.data.State !== 1 ? false : 1000),
  });

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setError(null);
    setSummary(null);
    setDataId(null);
    try {
      setUpload({ sent: 0, total: file.size });
      const fileId = await uploadInChunks(file, (sent, total) => setUpload({ sent, total }));
      setSummary(await call(C.post, { FileID: fileId }, { toast: false }));
      setReadAs(AUTO);
      setReading((n) => n + 1);
      setPage(0);
    } catch (err) {
      setError(errorText(t, err));
    } finally {
      setUpload(null);
    }
  };

  const readAgain = async () => {
    if (!summary) return;
    setError(null);
    setRereading(true);
    try {
      setSummary(await call(C.post, { FileID: summary.FileID, ...readAs }, { toast: false }));
      setReading((n) => n + 1);
      setPage(0);
    } catch (err) {
      setError(errorText(t, err));
    } finally {
      setRereading(false);
    }
  };

  const start = async () => {
    if (!summary) return;
    setError(null);
    try {
      const r = catalogueOnly
        ? await call(C.importCatalogue, { FileID: summary.FileID, Policy: policy }, { toast: false })
        : await call(C.import, { FileID: summary.FileID, Policy: policy, ...(areaId ? { AreaID: Number(areaId) } : {}) }, { toast: false });
      jobsStore.track(r.DataID);
      setDataId(r.DataID);
    } catch (err) {
      setError(errorText(t, err));
    }
  };
  const job = progress.data;
  const en = i18n.language.startsWith('en');

  return (
    <Stack spacing={2} sx={{ p: 2, maxWidth: 1200 }}>
      <Typography variant="h6" component="h1">{catalogueOnly ? t('import.catalogueHeading') : t('import.heading')}</Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>{catalogueOnly ? t('import.catalogueHint') : t('import.hint')}</Typography>
        {/* A button that opens the hidden file input: a <label> with the button role is not allowed (axe). */}
        <Button variant="contained" disabled={upload != null} onClick={() => fileInput.current?.click()}>{t('import.choose')}</Button>
        <input ref={fileInput} hidden type="file" accept=".mrc,.iso,.marc,.xml,.dat" aria-label={t('import.choose')} onChange={(e) => void choose(e)} data-testid="marc-file" />
        {upload && (
          <Stack sx={{ mt: 2 }} spacing={0.5}>
            <LinearProgress variant="determinate" value={upload.total ? (upload.sent / upload.total) * 100 : 0} aria-label={t('import.uploading')} />
            <Typography variant="caption">{t('import.uploaded', { sent: Math.round(upload.sent / 1024), total: Math.round(upload.total / 1024) })}</Typography>
          </Stack>
        )}
      </Paper>
      {error && <Alert severity="error" data-testid="marc-error">{error}</Alert>}
      {summary && (
        <Paper variant="outlined" sx={{ p: 2 }} data-testid="marc-summary">
          <Typography variant="subtitle1" component="h3">
            {t('import.summary', { name: summary.FileName, count: summary.Records, broken: summary.Broken, problems: summary.WithProblems, duplicates: summary.Duplicates, copies: summary.Copies })}
          </Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, alignItems: 'center', my: 1.5 }}>
            <Typography variant="body2" data-testid="marc-read-as">
              {t('import.readAs', { flavours: summary.Flavours.map((f) => NAMES[f] ?? f).join(' / ') || '—', encodings: summary.Encodings.map((e) => NAMES[e] ?? e).join(' / ') || '—' })}
            </Typography>
            <TextField select size="small" sx={{ minWidth: 200 }} label={t('validation:fields.Flavour')} value={readAs.Flavour}
              onChange={(e) => setReadAs({ ...readAs, Flavour: e.target.value as ReadAs['Flavour'] })} slotProps={{ htmlInput: { 'data-testid': 'marc-read-flavour' } }}>
              {marcReadFlavourSchema.options.map((f) => <MenuItem key={f} value={f}>{f === 'auto' ? t('import.detect') : NAMES[f]}</MenuItem>)}
            </TextField>
            <TextField select size="small" sx={{ minWidth: 200 }} label={t('validation:fields.Encoding')} value={readAs.Encoding}
              onChange={(e) => setReadAs({ ...readAs, Encoding: e.target.value as ReadAs['Encoding'] })} slotProps={{ htmlInput: { 'data-testid': 'marc-read-encoding' } }}>
              {marcEncodingSchema.options.map((x) => <MenuItem key={x} value={x}>{x === 'auto' ? t('import.detect') : NAMES[x]}</MenuItem>)}
            </TextField>
            <Button variant="outlined" onClick={() => void readAgain()} disabled={rereading || (job != null && job.State === 1)} data-testid="marc-reread">{t('import.reread')}</Button>
          </Stack>
          <Typography variant="caption" color="text.secondary" component="p">{t('import.rereadHint')}</Typography>
          <FormControlLabel control={<Checkbox checked={onlyProblems} onChange={(e) => { setOnlyProblems(e.target.checked); setPage(0); }} />} label={t('validation:fields.OnlyProblems')} />
          <Table size="small" aria-label={t('import.previewTable')}>
            <TableHead>
              <TableRow>
                <TableCell>#</TableCell>
                <TableCell>001</TableCell>
                <TableCell sx={{ minWidth: 160 }}>{t('import.col.title')}</TableCell>
                <TableCell>ISBN</TableCell>
                <TableCell>{t('import.col.class')}</TableCell>
                <TableCell align="right">{t('import.col.copies')}</TableCell>
                <TableCell>{t('import.col.problems')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(preview.data?.List ?? []).map((r) => (
                <TableRow key={r.Index}>
                  <TableCell>{r.Index + 1}</TableCell>
                  <TableCell>{r.ControlNumber || '—'}</TableCell>
                  <TableCell>{r.Title || '—'}</TableCell>
                  <TableCell>{r.ISBN}</TableCell>
                  <TableCell>{r.ClassNo}</TableCell>
                  <TableCell align="right">{r.Copies}</TableCell>
                  <TableCell>
                    <Typography variant="body2" color={r.Broken ? 'error' : r.Problems.length ? 'warning.main' : undefined}>
                      {[r.Duplicate ? t('import.duplicate') : '', ...r.Problems.map((p) => p.Message)].filter(Boolean).join(t('validation:separator')) || '—'}
                    </Typography>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <TablePagination component="div" count={preview.data?.Total ?? 0} page={page} rowsPerPage={10} rowsPerPageOptions={[10]} onPageChange={(_e, p) => setPage(p)} />
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 1 }}>
            <TextField select size="small" sx={{ minWidth: 260 }} label={t('validation:fields.Policy')} value={policy} onChange={(e) => setPolicy(e.target.value as typeof policy)}
              slotProps={{ htmlInput: { 'data-testid': 'marc-policy' } }}>
              {DUPLICATE_POLICIES.map((p) => <MenuItem key={p} value={p}>{t(`import.policy.${p}`)}</MenuItem>)}
            </TextField>
            {!catalogueOnly && (
              <TextField select size="small" sx={{ minWidth: 260 }} label={t('import.area')} value={areaId} onChange={(e) => setAreaId(e.target.value)}
                slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}>
                <MenuItem value="">{t('import.areaByCode')}</MenuItem>
                {(areas.data?.List ?? []).map((a) => <MenuItem key={a.ID} value={String(a.ID)}>{en && a.EnName ? a.EnName : a.Name}</MenuItem>)}
              </TextField>
            )}
            <Button variant="contained" onClick={() => void start()} disabled={(job != null && job.State === 1) || summary.Records === summary.Broken} data-testid="marc-import">
              {t('import.start', { count: summary.Records - summary.Broken })}
            </Button>
          </Stack>
        </Paper>
      )}
      {job && (
        <Paper variant="outlined" sx={{ p: 2 }} data-testid="marc-job">
          {job.State === 1 && <LinearProgress variant="determinate" value={job.DataCount ? (job.Progress / job.DataCount) * 100 : 0} aria-label={t('import.importing')} />}
          <Typography variant="body2" sx={{ mt: 1 }}>{job.State === 1 ? t('import.progress', { done: job.Progress, total: job.DataCount }) : job.Message}</Typography>
          {job.State !== 1 && <Typography variant="caption" color="text.secondary">{t('import.reportHint')}</Typography>}
        </Paper>
      )}
    </Stack>
  );
}
