import { useMemo, useRef, useState, type FormEvent } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { HOLD_OPS, HOLD_STATES, type Hold } from '../../../shared/api/holds.ts';
import { fitWidth, type ColumnOverrides } from '../../kit/grid/columns.ts';
import { SearchList } from '../../kit/search-list/search-list.tsx';
import { useCanOp } from '../../lib/use-can-op.ts';
import { holdsResource } from './holds.resource.ts';
import { PlaceHoldDialog } from './place-hold-dialog.tsx';
import { useHoldActions } from './use-hold-actions.ts';

/** A hold's stage in words: its place in the queue, "to fetch" when a copy on the shelves is bound to it. */
export function holdStateText(t: TFunction, h: Pick<Hold, 'State' | 'Barcode' | 'QueuePosition'>): string {
  if (h.State === 'notFound' && h.Barcode) return t('holds:stage.fetch');
  if (h.State === 'notFound' && h.QueuePosition != null) return t('holds:screen.queued', { n: h.QueuePosition });
  return t(`holds:state.${h.State}`);
}

/** The title and the place take the room left; the rest keep the width of their content. */
function useColumns(): ColumnOverrides {
  const { t, i18n } = useTranslation('holds');
  return useMemo(() => {
    const width = fitWidth([t('screen.queued', { n: 99 }), ...HOLD_STATES.map((s) => t(`state.${s}`))], t('resources.holds.fields.State'));
    return {
      ...Object.fromEntries(['ReaderName', 'ReaderID', 'ClassName', 'Barcode', 'CallNo', 'ExpiresDay'].map((f) => [f, { flex: 0 }])),
      State: { flex: 0, type: 'string', width, minWidth: width, valueGetter: (_v: unknown, row: Hold) => holdStateText(t, row) },
      Title: { flex: 2, minWidth: 150 },
      Location: { flex: 1, minWidth: 100 },
    };
    // i18n.language: the words (and their widths) follow a language switch.
  }, [t, i18n.language]);
}

/**
 * /reservation 预约管理: the hold queue of every title. The scan box is the hold shelf: a book
 * fetched from the shelves, or one set aside at the return desk, is scanned and goes on the shelf
 * for the next reader (the notice says for whom and until when). The list shows each stage: the
 * queue, the pull list of copies to fetch (by call number), the hold shelf, and closed holds.
 */
export default function ReservationScreen() {
  const { t } = useTranslation(['holds', 'common']);
  const actions = useHoldActions();
  const columns = useColumns();
  const canManage = useCanOp(HOLD_OPS.manage);
  const canPlace = useCanOp(HOLD_OPS.place);
  const [code, setCode] = useState('');
  const [placing, setPlacing] = useState(false);
  const box = useRef<HTMLInputElement>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const barcode = code.trim();
    setCode('');
    box.current?.focus();
    if (barcode) void actions.shelve(barcode);
  };

  const rowActions = (h: Hold) => {
    if (!canManage || (h.State !== 'notFound' && h.State !== 'found')) return null;
    return (
      <Stack direction="row" spacing={0.5}>
        {h.State === 'notFound' && h.Barcode && (
          <Button size="small" onClick={() => void actions.notOnShelf(h)} data-testid={`hold-missing-${h.ID}`}>{t('screen.notOnShelf')}</Button>
        )}
        <Button size="small" onClick={() => void actions.cancel(h)} data-testid={`hold-cancel-${h.ID}`}>{t('screen.cancel')}</Button>
      </Stack>
    );
  };

  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      {canManage && (
        <Paper variant="outlined" component="form" onSubmit={submit} sx={{ p: 2 }}>
          <Stack direction="row" sx={{ gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
            <TextField
              inputRef={box} autoFocus sx={{ width: 420, maxWidth: '100%' }} value={code} onChange={(e) => setCode(e.target.value)}
              label={t('screen.scanLabel')} helperText={t('screen.scanHelp')}
              slotProps={{ htmlInput: { 'data-testid': 'hold-shelf-scan', maxLength: 64, autoComplete: 'off' } }}
            />
            {canPlace && <Button variant="outlined" sx={{ mt: 1 }} onClick={() => setPlacing(true)} data-testid="hold-place">{t('screen.place')}</Button>}
          </Stack>
        </Paper>
      )}
      <div aria-live="polite" data-testid="hold-notice">
        {actions.notice && <Alert severity={actions.notice.ok ? 'success' : 'error'} onClose={() => actions.setNotice(null)}>{actions.notice.text(t)}</Alert>}
      </div>
      <SearchList
        config={{
          resource: holdsResource,
          filters: ['SearchKey', 'Stage', 'State'],
          columns: ['Title', 'ReaderName', 'State', 'Barcode', 'CallNo', 'Location', 'ExpiresDay'],
          columnOverrides: columns,
          slots: { rowActions, rowActionLabels: [t('screen.notOnShelf'), t('screen.cancel')] },
        }}
      />
      <PlaceHoldDialog open={placing} onClose={() => setPlacing(false)} onPlace={actions.place} />
    </Stack>
  );
}
