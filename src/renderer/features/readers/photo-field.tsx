import { useRef, useState, type ChangeEvent } from 'react';
import { useController, useWatch, type Control, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { uploadCalls } from '../../../shared/api/upload.ts';
import { call } from '../../lib/api-client.ts';
import { errorText } from '../../kit/data/error-text.ts';
import { getQueryOptions } from '../../kit/data/resource-queries.ts';
import { readPhotoFile } from './photo-file.ts';
import { ReaderPhoto } from './reader-photo.tsx';
import { readerResource } from './readers.resource.ts';

/**
 * The form's Photo field (a kit field slot): shows the current photo, uploads a new one at once
 * (the form then saves its id) or removes it. The stored photo's signed address comes from the
 * reader the form edits (the kit's cached GetReader), an uploaded one's from the upload reply.
 */
export function PhotoField({ control, label }: { control: Control<FieldValues>; label: string }) {
  const { t } = useTranslation(['readers', 'validation', 'errors']);
  const { field } = useController({ name: 'Photo', control });
  const id = useWatch({ control, name: 'ID' }) as number | undefined;
  const stored = useQuery({ ...getQueryOptions(readerResource, id ?? 0), enabled: id != null });
  const [uploaded, setUploaded] = useState<{ id: string; url: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const value = (field.value as string | undefined) ?? '';
  const url = !value ? '' : uploaded?.id === value ? uploaded.url : stored.data?.Photo === value ? stored.data.PhotoUrl : '';

  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setError(null);
    const read = await readPhotoFile(file);
    if (!read.ok) {
      setError(t(read.key));
      return;
    }
    setBusy(true);
    try {
      const saved = await call(uploadCalls.uploadImage, { FileName: read.FileName, Content: read.Content }, { toast: false });
      setUploaded({ id: saved.FileID, url: saved.Url });
      field.onChange(saved.FileID);
    } catch (err) {
      setError(errorText(t, err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} data-testid="photo-field">
      <ReaderPhoto url={url} size={72} />
      <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
        <Typography variant="caption" color="text.secondary">{label}</Typography>
        <Stack direction="row" spacing={1}>
          <Button size="small" variant="outlined" disabled={busy} onClick={() => input.current?.click()} data-testid="photo-choose">
            {t(value ? 'photo.replace' : 'photo.choose')}
          </Button>
          {value && (
            <Button size="small" color="error" disabled={busy} onClick={() => field.onChange('')} data-testid="photo-remove">{t('photo.remove')}</Button>
          )}
        </Stack>
        <FormHelperText error={error != null} data-testid="photo-help">{error ?? t('photo.hint')}</FormHelperText>
        <input ref={input} type="file" accept="image/png,image/jpeg" hidden onChange={(e) => void pick(e)} data-testid="photo-input" />
      </Stack>
    </Stack>
  );
}
