import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import { anyCall, resourceKey } from '../data/resource-queries.ts';
import { errorText, KeyedError } from '../data/error-text.ts';
import { useResourceLabels } from '../labels.ts';
import type { ResourceDef } from '../resource.ts';
import { IMPORT_MAX_BYTES, importCommitDataSchema, importPreviewDataSchema, type ImportMode, type ImportPreview, type ImportResult as Result } from '../../../shared/api/import.ts';
import { ImportPickStep } from './import-pick-step.tsx';
import { ImportPreviewGrid } from './import-preview-grid.tsx';
import { ImportResult } from './import-result.tsx';
import { fileToBase64 } from './read-file.ts';

/**
 * Excel import in three steps: pick one .xlsx → preview (server decides create/update/reject per
 * row, writes nothing) → confirm (commits exactly that preview by its token) → what changed.
 * Cancel before confirming calls nothing further.
 */
export function ImportDialog({ resource: r, onClose }: { resource: ResourceDef; onClose: () => void }) {
  const { t } = useTranslation(['kit', 'common', 'errors']);
  const labels = useResourceLabels(r);
  const qc = useQueryClient();
  const modes: ImportMode[] = r.calls.update ? ['upsert', 'create'] : ['create'];
  const [file, setFile] = useState<File | null>(null);
  const [mode, setMode] = useState<ImportMode>(modes[0] ?? 'create');
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [result, setResult] = useState<Result | null>(null);

  const previewCall = useMutation({
    mutationFn: async (f: File) => {
      if (!/\.xlsx$/i.test(f.name)) throw new KeyedError('validation:import.onlyXlsx');
      if (f.size > IMPORT_MAX_BYTES) throw new KeyedError('kit:import.tooLarge');
      if (!r.calls.importPreview) throw new KeyedError('kit:errors.noCall');
      const data = await anyCall(r.calls.importPreview, { FileName: f.name, Content: await fileToBase64(f), Mode: mode }, { toast: false });
      return importPreviewDataSchema.parse(data);
    },
    onSuccess: setPreview,
  });
  const commitCall = useMutation({
    mutationFn: async (token: string) => {
      if (!r.calls.importCommit) throw new KeyedError('kit:errors.noCall');
      return importCommitDataSchema.parse(await anyCall(r.calls.importCommit, { Token: token }, { toast: false }));
    },
    onSuccess: (res) => {
      setResult(res);
      void qc.invalidateQueries({ queryKey: resourceKey(r) });
    },
  });
  const error = previewCall.error ?? commitCall.error;
  const busy = previewCall.isPending || commitCall.isPending;
  const writable = preview ? preview.Summary.Create + preview.Summary.Update : 0;
  const back = () => {
    setPreview(null);
    previewCall.reset();
    commitCall.reset();
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth={preview ? 'lg' : 'sm'} data-testid="import-dialog">
      <DialogTitle>{t('kit:import.title', { name: labels.name() })}</DialogTitle>
      <DialogContent>
        {busy && <LinearProgress sx={{ mb: 1 }} />}
        {error && <Alert severity="error" sx={{ mb: 1 }} data-testid="import-error">{errorText(t, error)}</Alert>}
        {result ? (
          <ImportResult result={result} />
        ) : preview ? (
          <ImportPreviewGrid resource={r} labels={labels} preview={preview} />
        ) : (
          <ImportPickStep file={file} onFile={(f) => (setFile(f), previewCall.reset())} mode={mode} modes={modes} onMode={setMode} />
        )}
      </DialogContent>
      <DialogActions>
        {result ? (
          <Button variant="contained" onClick={onClose} data-testid="import-close">{t('kit:import.close')}</Button>
        ) : (
          <>
            <Button onClick={onClose} disabled={busy} data-testid="import-cancel">{t('common:actions.cancel')}</Button>
            {preview ? (
              <>
                <Button onClick={back} disabled={busy}>{t('common:actions.back')}</Button>
                <Button variant="contained" disabled={busy || writable === 0} onClick={() => commitCall.mutate(preview.Token)} data-testid="import-confirm">
                  {t('kit:import.confirm', { count: writable })}
                </Button>
              </>
            ) : (
              <Button variant="contained" disabled={!file || busy} onClick={() => file && previewCall.mutate(file)} data-testid="import-preview-button">
                {t('kit:import.preview')}
              </Button>
            )}
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
