import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import { useLabelStyles } from './label-styles.ts';
import { printCopyLabels } from './print-labels.ts';
import { noteText, errorNote, type Note } from './print-note.ts';
import { usePrinters } from './use-printers.ts';

type Kind = 'spine' | 'barcode';
const KEY = 'lib.tagLabels';

function readKinds(): Kind[] {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? 'null') as unknown;
    if (Array.isArray(v)) return (['spine', 'barcode'] as const).filter((k) => v.includes(k));
  } catch {
    // A damaged preference: the default.
  }
  return ['spine', 'barcode'];
}

/**
 * The label step after a copy's tag is written at the cataloguing desk: its spine and barcode
 * labels queued on this desk's label printers with the templates last chosen (print-labels.ts).
 * Which labels is the desk's choice, remembered (books whose barcode labels were pre-printed
 * need only the spine). Returns the choice as a control and the step itself; what the step says
 * is worded when shown, in the language shown.
 */
export function useCopyLabelStep(): { options: ReactNode; onTagged: (barcode: string) => Promise<{ ok: boolean; text: (t: TFunction) => string } | null> } {
  const { t } = useTranslation(['printing', 'errors']);
  const styles = useLabelStyles();
  const printers = usePrinters();
  const [kinds, setKinds] = useState<Kind[]>(readKinds);
  const toggle = (k: Kind, on: boolean) => {
    const next = (['spine', 'barcode'] as const).filter((x) => (x === k ? on : kinds.includes(x)));
    localStorage.setItem(KEY, JSON.stringify(next));
    setKinds(next);
  };
  const onTagged = async (barcode: string) => {
    if (!kinds.length) return null;
    const notes: Note[] = [];
    for (const kind of kinds) {
      try {
        const r = await printCopyLabels(t, styles, printers, { kind, barcodes: [barcode], title: `${t(`printing:batch.kind.${kind}`)} ${barcode}` });
        notes.push(r.severity === 'success' ? { severity: 'success', key: `printing:tagLabels.queued.${kind}` } : r);
      } catch (err) {
        notes.push(errorNote(err));
      }
    }
    return { ok: notes.every((n) => n.severity === 'success'), text: (tt: TFunction) => notes.map((n) => noteText(tt, n)).join(' · ') };
  };
  const options = (
    <Stack direction="row" spacing={1} data-testid="tag-label-options">
      {(['spine', 'barcode'] as const).map((k) => (
        <FormControlLabel
          key={k}
          control={<Checkbox checked={kinds.includes(k)} onChange={(e) => toggle(k, e.target.checked)} data-testid={`tag-label-${k}`} />}
          label={t(`printing:tagLabels.option.${k}`)}
        />
      ))}
    </Stack>
  );
  return { options, onTagged };
}
