import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import type { ImportMode } from '../../../shared/api/import.ts';

export interface ImportPickStepProps {
  file: File | null;
  onFile: (f: File | null) => void;
  mode: ImportMode;
  /** Without an update call only "create" is offered. */
  modes: readonly ImportMode[];
  onMode: (m: ImportMode) => void;
}

/** Step 1: one .xlsx file (the spec: one file at a time) and whether existing rows are updated. */
export function ImportPickStep({ file, onFile, mode, modes, onMode }: ImportPickStepProps) {
  const { t } = useTranslation('kit');
  const input = useRef<HTMLInputElement>(null);
  return (
    <Stack spacing={2} sx={{ pt: 1 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        {/* A real button (a label styled as one cannot be pressed from the keyboard) opening the hidden file input. */}
        <Button variant="outlined" startIcon={<UploadFileOutlined />} onClick={() => input.current?.click()} data-testid="import-pick">
          {t('import.pick')}
        </Button>
        <input
          ref={input}
          hidden
          type="file"
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          data-testid="import-file"
          onChange={(e) => onFile(e.target.files?.[0] ?? null)}
        />
        <Typography variant="body2" data-testid="import-file-name">{file?.name ?? t('import.noFile')}</Typography>
      </Stack>
      {modes.length > 1 && (
        <TextField select size="small" label={t('import.mode')} value={mode} onChange={(e) => onMode(e.target.value as ImportMode)} sx={{ maxWidth: 320 }} slotProps={{ htmlInput: { 'data-testid': 'import-mode' } }}>
          {modes.map((m) => <MenuItem key={m} value={m}>{t(`import.modes.${m}`)}</MenuItem>)}
        </TextField>
      )}
      <Typography variant="caption" color="text.secondary">{t('import.hint')}</Typography>
    </Stack>
  );
}
