import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';

/** One line of a scan box's log: what a scan did, worded when shown (in the language shown). */
export interface ScanEntry {
  key: number;
  ok: boolean;
  barcode: string;
  text: (t: TFunction) => string;
}

let nextKey = 1;
export const scanEntry = (ok: boolean, barcode: string, text: (t: TFunction) => string): ScanEntry => ({ key: nextKey++, ok, barcode, text });

/** Each scan its line, newest first: done in green, refused in red. */
export function ScanLog({ entries, label, empty }: { entries: readonly ScanEntry[]; label: string; empty: string }) {
  const { t } = useTranslation(['class-corner', 'errors']);
  if (!entries.length) return <Typography variant="body2" color="text.secondary">{empty}</Typography>;
  return (
    <List dense data-testid="scan-log" aria-label={label} aria-live="polite">
      {entries.map((e) => (
        <ListItem key={e.key} divider data-testid="scan-entry" data-ok={e.ok ? 'true' : 'false'}>
          <ListItemText
            primary={e.barcode && <Typography component="span" sx={{ fontFamily: 'monospace' }}>{e.barcode}</Typography>}
            secondary={<Typography component="span" variant="body2" color={e.ok ? 'success.main' : 'error'}>{e.text(t)}</Typography>}
          />
        </ListItem>
      ))}
    </List>
  );
}
