import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { collectionCalls as C, COLLECTION_EVENTS, COLLECTION_PERMS, type BatchResult } from '../../../shared/api/collection.ts';
import type { CopyRow } from '../../../shared/api/copy-row.ts';
import { basicSetsCalls } from '../../../shared/api/basic-sets.ts';
import { copyEventAllowed, type CirculationState } from '../../../shared/domain/catalogue/copy-states.ts';
import { call } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast-store.ts';
import { ConfirmDialog } from '../../kit/states/confirm-dialog.tsx';
import { KeyedError } from '../../kit/data/error-text.ts';
import { useCanOp } from '../../lib/use-can-op.ts';

type Event = (typeof COLLECTION_EVENTS)[number];

/** A refused copy is the action's failure: the dialog stays open and shows why. */
function check(r: BatchResult) {
  if (r.Refused.length) throw new KeyedError('collection:actions.refused', r.Refused.map((x) => x.Message).join('; '));
}

/**
 * A copy's state changes (weed, mark lost, found, check, lock, unlock, restore) and its deletion.
 * The menu offers only what the state machine allows for the copy's current state; the gateway
 * checks again and names the copy, its state and the change when it refuses.
 */
export function CopyActions({ row }: { row: CopyRow }) {
  const { t, i18n } = useTranslation(['collection', 'catalogue', 'kit']);
  const qc = useQueryClient();
  const canState = useCanOp(COLLECTION_PERMS.state);
  const canDelete = useCanOp(COLLECTION_PERMS.delete);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [asking, setAsking] = useState<Event | 'delete' | null>(null);
  const [areaId, setAreaId] = useState('');
  const areas = useQuery({ queryKey: ['collection', 'areas'], queryFn: () => call(basicSetsCalls.locationList, { Page: 1, Rows: 200 }), enabled: asking === 'found' });
  const state = { storage: row.Storage, circ: row.CircState as CirculationState };
  const events = COLLECTION_EVENTS.filter((e) => copyEventAllowed(state, e));
  const done = async () => {
    setAsking(null);
    await qc.invalidateQueries({ queryKey: ['copy'] });
    toast.key('kit:saved', 'success');
  };
  return (
    <>
      {canState && events.length > 0 && (
        <Button size="small" onClick={(e) => setAnchor(e.currentTarget)} aria-haspopup="menu" data-testid={`copy-state-${row.Barcode}`}>{t('actions.changeState')}</Button>
      )}
      {canDelete && copyEventAllowed(state, 'delete') && (
        <Button size="small" color="error" onClick={() => setAsking('delete')} data-testid={`copy-delete-${row.Barcode}`}>{t('kit:delete.action')}</Button>
      )}
      <Menu anchorEl={anchor} open={anchor != null} onClose={() => setAnchor(null)}>
        {events.map((e) => (
          <MenuItem key={e} onClick={() => { setAnchor(null); setAsking(e); }} data-testid={`copy-event-${e}`}>{t(`catalogue:eventAction.${e}`)}</MenuItem>
        ))}
      </Menu>
      <ConfirmDialog
        open={asking != null}
        danger={asking === 'delete' || asking === 'weed' || asking === 'markLost'}
        title={asking === 'delete' ? t('actions.confirmDelete', { barcode: row.Barcode }) : `${asking ? t(`catalogue:eventAction.${asking}`) : ''} · ${row.Barcode}`}
        confirmLabel={asking === 'delete' ? t('kit:delete.action') : t('actions.apply')}
        body={asking === 'delete' ? t('actions.deleteBody') : asking === 'found' ? (
          <TextField select size="small" fullWidth sx={{ mt: 1 }} label={t('actions.targetArea')} value={areaId} onChange={(e) => setAreaId(e.target.value)}>
            {(areas.data?.List ?? []).map((a) => <MenuItem key={a.ID} value={String(a.ID)}>{i18n.language.startsWith('en') && a.EnName ? a.EnName : a.Name}</MenuItem>)}
          </TextField>
        ) : row.Title}
        onClose={() => setAsking(null)}
        onConfirm={async () => {
          const r = asking === 'delete'
            ? await call(C.delete, { IDs: [row.ID] }, { toast: false })
            : await call(C.changeState, { IDs: [row.ID], Event: asking!, ...(asking === 'found' && areaId ? { AreaID: Number(areaId) } : {}) }, { toast: false });
          check(r);
          await done();
        }}
      />
    </>
  );
}
