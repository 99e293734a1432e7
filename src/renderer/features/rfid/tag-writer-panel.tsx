import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { catalogueCalls } from '../../../shared/api/catalogue.ts';
import { call } from '../../lib/api-client.ts';
import { bridge, bridgeErrorKey, isDesktop } from '../../lib/bridge.ts';
import { errorText } from '../../kit/data/error-text.ts';
import { playSound } from '../../lib/sounds.ts';

type Row = { barcode: string; uid?: string; error?: (t: TFunction) => string; retryUid?: string; labels?: TaggedNote };

/** What the step after the tag (queuing the copy's labels) says on the copy's line, in the language shown. */
export interface TaggedNote { ok: boolean; text: (t: TFunction) => string }

/**
 * The tag step of cataloguing, at a desk with an RFID board: for each copy just saved, the book is
 * laid on the pad and one click (or F8) writes its tag, sets the in-stock AFI, reads both back
 * (main/rfid/device-service.ts), only then links the tag's UID to the copy, and hands the copy to
 * `onTagged` (the desk queues its labels): one pass, one success sound. A failure stops there
 * with a refusal sound, names what to do, and the same copy can be tried again (after an AFI
 * failure, on the same tag). Nothing shows in a browser or at a desk without a board.
 */
export function TagWriterPanel({ barcodes, onTagged, options }: {
  barcodes: readonly string[];
  onTagged?: (barcode: string) => Promise<TaggedNote | null>;
  /** The desk's choices for the step after the tag (which labels), shown above the button. */
  options?: ReactNode;
}) {
  const { t } = useTranslation(['rfid', 'catalogue', 'errors']);
  const [ready, setReady] = useState<boolean | null>(null);
  const [rows, setRows] = useState<Row[]>(() => barcodes.map((barcode) => ({ barcode })));
  const [busy, setBusy] = useState(false);
  const afi = useRef<number | null | undefined>(undefined);

  useEffect(() => setRows(barcodes.map((barcode) => ({ barcode }))), [barcodes]);
  useEffect(() => {
    if (!isDesktop()) return;
    void bridge.rfidStatus().then((r) => setReady(r.ok && r.data.config ? r.data.state === 'ready' : null));
  }, []);

  const next = rows.find((r) => !r.uid);
  const write = async () => {
    if (!next || busy) return;
    setBusy(true);
    const set = (patch: Partial<Row>) => setRows((rs) => rs.map((r) => (r.barcode === next.barcode ? { ...r, ...patch } : r)));
    try {
      if (afi.current === undefined) {
        try {
          const { AFI } = await call(catalogueCalls.getAfi, {});
          const n = parseInt(AFI, 16);
          afi.current = Number.isInteger(n) && n >= 0 && n <= 255 ? n : null;
        } catch {
          afi.current = null;
        }
      }
      const written = await bridge.rfidEncodeTag({ data: { primaryItemId: next.barcode }, afi: afi.current, ...(next.retryUid ? { uid: next.retryUid } : {}) });
      if (!written.ok) {
        const uid = (written.error.details as { uid?: string } | undefined)?.uid;
        set({ error: (tt) => tt(bridgeErrorKey(written.error), (written.error.details ?? {}) as Record<string, unknown>), retryUid: written.error.code === 'rfid.afi-write' ? uid : undefined });
        playSound('refusal');
        return;
      }
      try {
        await call(catalogueCalls.linkTag, { Barcode: next.barcode, RFID: written.data.uid });
      } catch (err) {
        set({ error: (tt) => errorText(tt, err) });
        playSound('refusal');
        return;
      }
      set({ uid: written.data.uid, error: undefined, retryUid: undefined });
      // The tag is done whatever the labels do; a label that did not queue is said on the line.
      const labels = onTagged ? await onTagged(next.barcode).catch((err: unknown) => ({ ok: false, text: (tt: TFunction) => errorText(tt, err) })) : null;
      if (labels) set({ labels });
      playSound(labels && !labels.ok ? 'refusal' : 'success');
    } finally {
      setBusy(false);
    }
  };

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'F8' && ready) {
        e.preventDefault();
        void write();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  if (ready == null || !barcodes.length) return null;
  if (!ready) return <Alert severity="warning" data-testid="tag-writer-unavailable">{t('rfid:errors.unavailable')}</Alert>;
  const done = rows.filter((r) => r.uid).length;
  return (
    <Stack spacing={1} data-testid="tag-writer">
      <Typography variant="subtitle2">{t('rfid:writer.heading', { done, total: rows.length })}</Typography>
      {rows.map((r) => (
        <Typography key={r.barcode} variant="body2" data-testid={`tag-row-${r.barcode}`} color={r.error ? 'error' : r.uid ? 'success.main' : 'text.primary'}>
          <span style={{ fontFamily: 'monospace' }}>{r.barcode}</span>
          {' — '}
          {r.uid ? t('rfid:writer.done', { uid: r.uid }) : r.error?.(t) ?? t('rfid:writer.waiting')}
          {r.labels && (
            <Typography component="span" variant="body2" color={r.labels.ok ? 'text.secondary' : 'warning.main'} data-testid={`tag-labels-${r.barcode}`}>
              {' · '}{r.labels.text(t)}
            </Typography>
          )}
        </Typography>
      ))}
      {options}
      {next && (
        <Button variant="contained" disabled={busy} onClick={() => void write()} data-testid="tag-write" sx={{ alignSelf: 'flex-start' }}>
          {t(next.error ? 'rfid:writer.retry' : 'rfid:writer.write', { barcode: next.barcode })}
        </Button>
      )}
    </Stack>
  );
}
