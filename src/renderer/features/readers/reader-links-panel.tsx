import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { readerCalls, type ReaderDetail, type ReaderLink } from '../../../shared/api/readers.ts';
import { call } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast-store.ts';
import { errorText } from '../../kit/data/error-text.ts';
import { resourceKey } from '../../kit/data/resource-queries.ts';
import { ParentPicker, type PickedParent } from './parent-picker.tsx';
import { readerResource } from './readers.resource.ts';

function LinkChips({ links, empty, testId }: { links: readonly ReaderLink[]; empty: string; testId: string }) {
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} data-testid={testId}>
      {links.length === 0
        ? <Typography variant="body2" color="text.secondary">{empty}</Typography>
        : links.map((l) => <Chip key={l.ID} size="small" label={`${l.Name} · ${l.ReaderID}`} />)}
    </Stack>
  );
}

/** A student's parents (linked by picking parent readers of the school) or a parent's children. */
export function ReaderLinksPanel({ reader, canEdit }: { reader: ReaderDetail; canEdit: boolean }) {
  const { t } = useTranslation(['readers', 'errors']);
  const qc = useQueryClient();
  const [editing, setEditing] = useState<PickedParent[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (reader.Identity === 'parent') {
    return (
      <Stack spacing={1}>
        <Typography variant="subtitle2" component="h3">{t('parents.children')}</Typography>
        <LinkChips links={reader.Children} empty={t('parents.noChildren')} testId="reader-children" />
      </Stack>
    );
  }
  if (reader.Identity !== 'student') return null;

  const save = async () => {
    if (!editing) return;
    setBusy(true);
    setError(null);
    try {
      await call(readerCalls.updateStudentParents, { StudentID: reader.ID, ParentIDs: editing.map((p) => p.ID) }, { toast: false });
      await qc.invalidateQueries({ queryKey: resourceKey(readerResource) });
      toast.key('readers:parents.saved', 'success');
      setEditing(null);
    } catch (e) {
      setError(errorText(t, e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={1}>
      <Typography variant="subtitle2" component="h3">{t('parents.title')}</Typography>
      {editing ? (
        <>
          <ParentPicker value={editing} onChange={setEditing} disabled={busy} />
          {error && <Alert severity="error" data-testid="parents-error">{error}</Alert>}
          <Stack direction="row" spacing={1}>
            <Button size="small" variant="contained" disabled={busy} onClick={() => void save()} data-testid="parents-save">{t('parents.save')}</Button>
            <Button size="small" disabled={busy} onClick={() => setEditing(null)}>{t('common:actions.cancel')}</Button>
          </Stack>
        </>
      ) : (
        <>
          <LinkChips links={reader.Parents} empty={t('parents.none')} testId="reader-parents" />
          {canEdit && (
            <Button size="small" sx={{ alignSelf: 'flex-start' }} onClick={() => setEditing(reader.Parents.map(({ ID, Name, ReaderID }) => ({ ID, Name, ReaderID })))} data-testid="parents-edit">
              {t('parents.edit')}
            </Button>
          )}
        </>
      )}
    </Stack>
  );
}
