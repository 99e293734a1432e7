import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { DeskEntry } from './use-desk.ts';

/** What each scan of this visit did, newest first: done in green, refused in red with every reason. */
export const DeskLog = memo(function DeskLog({ entries }: { entries: readonly DeskEntry[] }) {
  const { t } = useTranslation(['circulation', 'borrowing', 'errors', 'catalogue']);
  if (!entries.length) return null;
  return (
    <List dense data-testid="desk-log" aria-label={t('circulation:desk.logHeading')} aria-live="polite">
      {entries.map((e) => (
        <ListItem key={e.key} divider data-testid={`desk-entry-${e.kind}`} data-ok={e.ok ? 'true' : 'false'} data-barcode={e.barcode || undefined}>
          <ListItemText
            primary={
              <>
                {e.barcode && <Typography component="span" sx={{ fontFamily: 'monospace', mr: 1 }}>{e.barcode}</Typography>}
                {e.title && <Typography component="span" sx={{ textDecoration: e.undone ? 'line-through' : undefined }}>{e.title}</Typography>}
                {e.undone && <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>{t('circulation:desk.wasUndone')}</Typography>}
              </>
            }
            secondary={
              <Typography component="span" variant="body2" color={e.ok ? 'success.main' : 'error'}>
                {e.text(t)}
                {e.reasons.map((r, i) => <span key={i} style={{ display: 'block' }}>{'· '}{r(t)}</span>)}
              </Typography>
            }
          />
        </ListItem>
      ))}
    </List>
  );
});
