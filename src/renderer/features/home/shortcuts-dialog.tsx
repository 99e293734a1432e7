import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import ListSubheader from '@mui/material/ListSubheader';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import type { Menu } from '../../../shared/api/auth.ts';
import type { Shortcut } from '../../../shared/api/home.ts';
import { menuLabel, menuPath } from '../../lib/menus.ts';
import { currentLanguage } from '../../lib/language.ts';
import { MAX_SHORTCUTS } from '../../../shared/domain/ui-constants.ts';

/**
 * Picks shortcuts from the user's own menus and orders them; saving removes the unpicked
 * (DeleteHomeShortcuts), adds the new (AddHomeShortcuts) and sends the order (UpdateHomeShortcutsSort).
 */
export function ShortcutsDialog({ open, menus, current, saving, onClose, onSave }: {
  open: boolean;
  menus: readonly Menu[];
  current: readonly Shortcut[];
  saving: boolean;
  onClose: () => void;
  onSave: (urls: string[]) => void;
}) {
  const { t } = useTranslation(['home', 'common']);
  const lang = currentLanguage();
  const [picked, setPicked] = useState<string[]>(() => current.map((s) => menuPath(s.Url)));
  const choices = menus.filter((m) => !m.External && m.Url && !/^https?:/i.test(m.Url));
  const labelOf = (url: string) => {
    const m = choices.find((c) => menuPath(c.Url) === url);
    return m ? menuLabel(m, lang) : url;
  };
  const toggle = (url: string) =>
    setPicked((p) => (p.includes(url) ? p.filter((u) => u !== url) : p.length < MAX_SHORTCUTS ? [...p, url] : p));
  const move = (i: number, d: -1 | 1) =>
    setPicked((p) => {
      const j = i + d;
      if (j < 0 || j >= p.length) return p;
      const next = [...p];
      [next[i], next[j]] = [next[j] as string, next[i] as string];
      return next;
    });

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>{t('home:shortcuts.edit')}</DialogTitle>
      <DialogContent>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <List dense sx={{ flex: 1, maxHeight: 400, overflowY: 'auto' }} data-testid="shortcut-choices">
            {choices.map((m) => {
              const url = menuPath(m.Url);
              return (
                <ListItemButton key={m.ID} onClick={() => toggle(url)} data-testid={`shortcut-choice-${url}`}>
                  <ListItemIcon>
                    <Checkbox edge="start" size="small" checked={picked.includes(url)} tabIndex={-1} disableRipple />
                  </ListItemIcon>
                  <ListItemText primary={menuLabel(m, lang)} secondary={url} />
                </ListItemButton>
              );
            })}
          </List>
          <List dense sx={{ flex: 1 }} data-testid="shortcut-order">
            <ListSubheader disableSticky>{t('home:shortcuts.order')}</ListSubheader>
            {picked.map((url, i) => (
              <ListItem
                key={url}
                secondaryAction={
                  <>
                    <IconButton size="small" aria-label={t('home:shortcuts.up')} disabled={i === 0} onClick={() => move(i, -1)} data-testid={`shortcut-up-${url}`}>
                      <ArrowUpward fontSize="small" />
                    </IconButton>
                    <IconButton size="small" aria-label={t('home:shortcuts.down')} disabled={i === picked.length - 1} onClick={() => move(i, 1)} data-testid={`shortcut-down-${url}`}>
                      <ArrowDownward fontSize="small" />
                    </IconButton>
                  </>
                }
              >
                <ListItemText primary={labelOf(url)} />
              </ListItem>
            ))}
          </List>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
        <Button variant="contained" disabled={saving} onClick={() => onSave(picked)} data-testid="shortcuts-save">
          {t('common:actions.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
