import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { borrowRulesCalls as c, type AssignmentConflictRow } from '../../../shared/api/borrow-rules.ts';
import { ASSIGNMENT_KINDS, type AssignmentKind } from '../../../shared/domain/borrowing/schemas.ts';
import { IDENTITIES } from '../../../shared/domain/identities.ts';
import type { Reader } from '../../../shared/api/readers.ts';
import { call } from '../../lib/api-client.ts';
import { errorText } from '../../kit/data/error-text.ts';
import { ReaderSearch, readerLabel } from './reader-search.tsx';
import { useCanOp } from '../../lib/use-can-op.ts';

/** Reader IDs typed or scanned one after another: any whitespace, comma or 、 separates them. */
export function splitReaderIds(text: string): string[] {
  return [...new Set(text.split(/[\s,，、;；]+/).map((s) => s.trim()).filter(Boolean))];
}

interface Props {
  groupId: string;
  onAdded: () => void;
}

/**
 * Adds readers (found by name, pinyin or card number, or typed/scanned IDs), classes, grades, departments or identities to a group. It asks the gateway for
 * conflicts first so the spec's "Failed to add!" comes with the list of who is where; the add
 * itself is all or nothing on the gateway too.
 */
export function AssignmentAddForm({ groupId, onAdded }: Props) {
  const { t, i18n } = useTranslation('borrow-rules');
  const [kind, setKind] = useState<AssignmentKind>('reader');
  const [text, setText] = useState('');
  const [picked, setPicked] = useState<string[]>([]);
  const [readers, setReaders] = useState<Reader[]>([]);
  const canSearch = useCanOp('people.readers.view');
  const [busy, setBusy] = useState(false);
  const [conflicts, setConflicts] = useState<AssignmentConflictRow[]>([]);
  const [error, setError] = useState<string | null>(null);
  const deptKind = kind === 'class' || kind === 'grade' || kind === 'department' ? kind : null;
  const options = useQuery({
    queryKey: ['borrow-rules', 'targets', deptKind],
    queryFn: () => call(c.getTargetOptions, { Kind: deptKind ?? 'class' }),
    enabled: deptKind != null,
  });
  // Readers found by name and IDs typed or scanned go in together.
  const targets = kind === 'reader' ? [...new Set([...readers.map((r) => r.ReaderID), ...splitReaderIds(text)])] : picked;
  const addReader = (r: Reader) => setReaders((rs) => (rs.some((x) => x.ID === r.ID) ? rs : [...rs, r]));

  const submit = async () => {
    setError(null);
    setConflicts([]);
    setBusy(true);
    try {
      const input = { GroupID: groupId, Kind: kind, TargetIDs: targets };
      const check = await call(c.checkAssignments, input, { toast: false });
      if (check.Conflicts.length) {
        setConflicts(check.Conflicts);
        return;
      }
      await call(c.addAssignments, input, { toast: false });
      setText('');
      setPicked([]);
      setReaders([]);
      onAdded();
    } catch (e) {
      setError(errorText(t, e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={1} data-testid="assign-form">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          select size="small" label={t('range.kind')} value={kind} sx={{ minWidth: 140 }}
          onChange={(e) => { setKind(e.target.value as AssignmentKind); setPicked([]); }}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'assign-kind' } as object } }}
        >
          {ASSIGNMENT_KINDS.map((k) => <MenuItem key={k} value={k}>{t(`range.kinds.${k}`)}</MenuItem>)}
        </TextField>
        {kind === 'reader' ? (
          <>
            {canSearch && <ReaderSearch label={t('readerSearch.label')} onPick={addReader} testId="assign-reader-search" />}
            <TextField
              size="small" multiline minRows={1} maxRows={6} label={t('range.readerIds')} helperText={t('range.readerIdsHelp')}
              value={text} onChange={(e) => setText(e.target.value)} sx={{ flex: 1 }}
              slotProps={{ htmlInput: { 'data-testid': 'assign-readers' } }}
            />
          </>
        ) : (
          <TextField
            select size="small" label={t('range.targets')} value={picked} sx={{ flex: 1 }}
            onChange={(e) => setPicked(typeof e.target.value === 'string' ? e.target.value.split(',') : (e.target.value as string[]))}
            slotProps={{ select: { multiple: true, SelectDisplayProps: { 'data-testid': 'assign-targets' } as object } }}
          >
            {kind === 'identity'
              ? IDENTITIES.map((id) => <MenuItem key={id} value={id}>{t(`range.identities.${id}`)}</MenuItem>)
              : (options.data ?? []).map((o) => <MenuItem key={o.ID} value={o.ID}>{i18n.language === 'en-US' && o.EnName ? o.EnName : o.Name}</MenuItem>)}
          </TextField>
        )}
        <Button variant="contained" disabled={busy || targets.length === 0} onClick={() => void submit()} data-testid="assign-add">{t('range.add')}</Button>
      </Stack>
      {kind === 'reader' && readers.length > 0 && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} data-testid="assign-picked">
          {readers.map((r) => (
            <Chip key={r.ID} size="small" label={readerLabel(r)} onDelete={() => setReaders((rs) => rs.filter((x) => x.ID !== r.ID))} data-testid={`assign-picked-${r.ReaderID}`} />
          ))}
        </Stack>
      )}
      {error && <Alert severity="error" data-testid="assign-error">{error}</Alert>}
      {conflicts.length > 0 && (
        <Alert severity="error" data-testid="assign-conflicts" onClose={() => setConflicts([])}>
          {t('borrowing:assignment.alreadyInOtherGroup')}
          <ul style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
            {conflicts.map((x) => (
              <li key={x.TargetID}>{t(x.ReaderID ? 'range.conflictReader' : 'range.conflictOther', { name: x.Name, readerId: x.ReaderID, group: x.GroupName })}</li>
            ))}
          </ul>
        </Alert>
      )}
    </Stack>
  );
}
