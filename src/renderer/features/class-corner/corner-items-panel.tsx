import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { classCornerCalls as C } from '../../../shared/api/class-corner.ts';
import { call } from '../../lib/api-client.ts';
import { playSound } from '../../lib/sounds.ts';
import { errorText } from '../../kit/data/error-text.ts';
import { ScanBox } from './scan-box.tsx';
import { ScanLog, scanEntry, type ScanEntry } from './scan-log.tsx';

type Mode = 'place' | 'remove';

/**
 * Library staff stock the corner: scan books to place them in this class's corner, or switch to
 * taking them back to the library. Each scan its line.
 */
export function CornerItemsPanel({ deptId }: { deptId: number }) {
  const { t } = useTranslation(['class-corner']);
  const qc = useQueryClient();
  const [mode, setMode] = useState<Mode>('place');
  const [log, setLog] = useState<ScanEntry[]>([]);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const add = (e: ScanEntry) => {
    setLog((l) => [e, ...l].slice(0, 300));
    playSound(e.ok ? 'success' : 'refusal');
  };
  const handle = async (barcode: string, m: Mode) => {
    try {
      if (m === 'place') {
        const r = await call(C.placeItem, { DeptID: deptId, Barcode: barcode }, { toast: false });
        add(scanEntry(true, barcode, (tt) => tt('class-corner:items.placed', { class: r.ClassName, title: r.Item.Title })));
      } else {
        const r = await call(C.removeItem, { Barcode: barcode }, { toast: false });
        add(scanEntry(true, barcode, (tt) => tt('class-corner:items.removed', { title: r.Title })));
      }
      void qc.invalidateQueries({ queryKey: ['class-corner'] });
    } catch (err) {
      add(scanEntry(false, barcode, (tt) => errorText(tt, err)));
    }
  };
  const scan = (code: string) => {
    queue.current = queue.current.then(() => handle(code, mode)).catch(() => undefined);
  };
  return (
    <Stack spacing={1.5}>
      <Typography variant="subtitle1" component="h2">{t('items.heading')}</Typography>
      <Typography variant="body2" color="text.secondary">{t('items.intro')}</Typography>
      <ToggleButtonGroup exclusive size="small" value={mode} onChange={(_e, v: Mode | null) => v && setMode(v)} aria-label={t('items.mode')}>
        <ToggleButton value="place" data-testid="corner-mode-place">{t('items.place')}</ToggleButton>
        <ToggleButton value="remove" data-testid="corner-mode-remove">{t('items.remove')}</ToggleButton>
      </ToggleButtonGroup>
      <ScanBox label={t('items.box')} hint={t(mode === 'place' ? 'items.place' : 'items.remove')} submit={t(mode === 'place' ? 'items.place' : 'items.remove')} testId="corner-item-scan" onScan={scan} primary={false} />
      <ScanLog entries={log} label={t('items.heading')} empty={t('desk.logEmpty')} />
    </Stack>
  );
}
