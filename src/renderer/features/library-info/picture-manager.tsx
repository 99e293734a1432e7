import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { libraryInfoCalls as C, MAX_PICTURES, type LibraryPicture } from '../../../shared/api/library-info.ts';
import { IMAGE_MAX_BYTES } from '../../../shared/api/upload.ts';
import { call } from '../../lib/api-client.ts';
import { errorText } from '../../kit/data/error-text.ts';

function toBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result).replace(/^data:[^,]*,/, ''));
    r.onerror = () => reject(r.error ?? new Error('read'));
    r.readAsDataURL(file);
  });
}

/** Adds (JPEG/PNG up to 2 MB, with a caption) and deletes the gallery's pictures. */
export function PictureManager({ pictures, canEdit, onChanged }: { pictures: readonly LibraryPicture[]; canEdit: boolean; onChanged: () => void }) {
  const { t } = useTranslation(['library-info', 'validation']);
  const input = useRef<HTMLInputElement>(null);
  const [caption, setCaption] = useState('');
  const [local, setLocal] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: async (file: File) => {
      // Checked here too so a 20 MB photo is not read and sent only to be refused.
      if (file.size > IMAGE_MAX_BYTES) throw new Error(t('validation:upload.imageTooLarge'));
      return call(C.addPicture, { FileName: file.name, Content: await toBase64(file), Caption: caption }, { toast: false });
    },
    onSuccess: () => {
      setCaption('');
      onChanged();
    },
  });
  const remove = useMutation({ mutationFn: (id: number) => call(C.deletePicture, { ID: id }, { toast: false }), onSuccess: onChanged });
  const error = add.error ?? remove.error;
  return (
    <Stack spacing={2}>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))' }} data-testid="picture-list">
        {pictures.map((p) => (
          <li key={p.ID}>
            <Box component="img" src={p.Url} alt={p.Caption} sx={{ width: '100%', aspectRatio: '4 / 3', objectFit: 'cover', borderRadius: 1, display: 'block' }} />
            <Stack direction="row" sx={{ alignItems: 'center' }}>
              <Typography variant="body2" sx={{ flex: 1 }} noWrap>{p.Caption}</Typography>
              {canEdit && <Button size="small" color="error" onClick={() => remove.mutate(p.ID)} aria-label={t('editor.deletePicture', { caption: p.Caption })}>{t('admin.delete')}</Button>}
            </Stack>
          </li>
        ))}
      </Box>
      {canEdit && pictures.length < MAX_PICTURES && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <TextField size="small" label={t('validation:fields.Caption')} value={caption} onChange={(e) => setCaption(e.target.value)} slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'picture-caption' } }} />
          <input ref={input} type="file" accept="image/png,image/jpeg" hidden data-testid="picture-file" onChange={(e) => {
            const f = e.target.files?.[0];
            e.target.value = '';
            setLocal(f?.name ?? null);
            if (f) add.mutate(f);
          }} />
          <Button variant="outlined" onClick={() => input.current?.click()} disabled={add.isPending} data-testid="picture-add">{t('editor.addPicture')}</Button>
          <Typography variant="body2" color="text.secondary">{add.isPending && local ? t('editor.uploading', { name: local }) : t('editor.pictureHint', { max: MAX_PICTURES })}</Typography>
        </Stack>
      )}
      {error && <Alert severity="error">{errorText(t, error)}</Alert>}
    </Stack>
  );
}
