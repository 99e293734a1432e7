import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { holdCalls as C, type Hold } from '../../../shared/api/holds.ts';
import { resourceKey } from '../../kit/data/resource-queries.ts';
import { errorText } from '../../kit/data/error-text.ts';
import { call } from '../../lib/api-client.ts';
import { playSound } from '../../lib/sounds.ts';
import { holdsResource } from './holds.resource.ts';

/** The last thing done on the screen, said in a live region (and by a tone for scans). */
export interface HoldNotice {
  ok: boolean;
  text: (t: TFunction) => string;
}

/**
 * What /reservation does besides listing: the hold-shelf scan, placing, cancelling and "not on the
 * shelf". Each refreshes the list and leaves one notice (the newest) for the screen to say.
 */
export function useHoldActions() {
  const qc = useQueryClient();
  const [notice, setNotice] = useState<HoldNotice | null>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: [...resourceKey(holdsResource), 'list'] });
  const fail = (e: unknown) => setNotice({ ok: false, text: (t) => errorText(t, e) });

  const shelve = async (barcode: string) => {
    try {
      const { Hold: h } = await call(C.shelve, { Barcode: barcode }, { toast: false });
      setNotice({ ok: true, text: (t) => t('holds:screen.shelved', { barcode: h.Barcode, name: h.ReaderName, className: h.ClassName || '—', day: h.ExpiresDay }) });
      playSound('success');
    } catch (e) {
      fail(e);
      playSound('refusal');
    }
    await refresh();
  };

  const place = async (readerId: string, titleId: number): Promise<Hold | null> => {
    try {
      const { Hold: h } = await call(C.place, { ReaderID: readerId, TitleID: titleId }, { toast: false });
      setNotice({
        ok: true,
        text: (t) => (h.Barcode
          ? t('holds:screen.placedFetch', { name: h.ReaderName, barcode: h.Barcode, callNo: h.CallNo })
          : t('holds:screen.placed', { name: h.ReaderName, title: h.Title })),
      });
      await refresh();
      return h;
    } catch (e) {
      fail(e);
      return null;
    }
  };

  const cancel = async (hold: Hold) => {
    try {
      await call(C.cancel, { HoldID: hold.ID }, { toast: false });
      setNotice({ ok: true, text: (t) => t('holds:screen.cancelled', { name: hold.ReaderName }) });
    } catch (e) {
      fail(e);
    }
    await refresh();
  };

  const notOnShelf = async (hold: Hold) => {
    try {
      const { Hold: h } = await call(C.notOnShelf, { HoldID: hold.ID }, { toast: false });
      setNotice({ ok: true, text: (t) => t('holds:screen.notOnShelfDone', { barcode: hold.Barcode, next: t(h.Barcode ? 'holds:screen.nextCopy' : 'holds:screen.backToQueue') }) });
    } catch (e) {
      fail(e);
    }
    await refresh();
  };

  return { notice, setNotice, shelve, place, cancel, notOnShelf };
}
