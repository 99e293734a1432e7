import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Edit from '@mui/icons-material/Edit';
import { homeCalls, type Shortcut } from '../../../shared/api/home.ts';
import { call } from '../../lib/api-client.ts';
import { menuLabel, menuPath } from '../../lib/menus.ts';
import { useSession } from '../../lib/use-session.ts';
import { ShortcutsDialog } from './shortcuts-dialog.tsx';

const KEY = ['home', 'shortcuts'] as const;

/** The user's home shortcuts: open a screen in one click; edit the set and its order. */
export function ShortcutsCard() {
  const { t, i18n } = useTranslation(['home', 'common']);
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { menus } = useSession();
  const [editing, setEditing] = useState(false);
  const shortcuts = useQuery({ queryKey: KEY, queryFn: () => call(homeCalls.getShortcuts, {}) });
  const save = useMutation({
    // The picked set in its order: remove the unpicked, add the new (AddHomeShortcuts appends), then sort.
    mutationFn: async (urls: string[]): Promise<Shortcut[]> => {
      const current = shortcuts.data ?? [];
      const removed = current.filter((s) => !urls.includes(menuPath(s.Url))).map((s) => s.ID);
      let saved = removed.length ? await call(homeCalls.deleteShortcuts, { IDs: removed }) : current;
      const have = new Set(saved.map((s) => menuPath(s.Url)));
      const added = urls.filter((u) => !have.has(u));
      if (added.length) saved = await call(homeCalls.addShortcuts, { Urls: added });
      const ids = urls.map((u) => saved.find((s) => menuPath(s.Url) === u)?.ID).filter((id): id is number => id != null);
      return ids.length ? call(homeCalls.updateShortcutsSort, { IDs: ids }) : saved;
    },
    onSuccess: (list) => {
      qc.setQueryData(KEY, list);
      setEditing(false);
    },
  });
  const list = [...(shortcuts.data ?? [])].sort((a, b) => a.Sort - b.Sort);
  const lang = i18n.language === 'en-US' ? 'en-US' : 'zh-CN';
  return (
    <Card variant="outlined" data-testid="shortcuts">
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
          <Typography variant="subtitle1" sx={{ flex: 1 }}>{t('home:shortcuts.title')}</Typography>
          <Button size="small" startIcon={<Edit />} onClick={() => setEditing(true)} data-testid="shortcuts-edit">
            {t('common:actions.edit')}
          </Button>
        </Stack>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {list.map((s) => (
            <Button key={s.ID} variant="outlined" onClick={() => void navigate(menuPath(s.Url))} data-testid={`shortcut-${menuPath(s.Url)}`}>
              {menuLabel(s, lang)}
            </Button>
          ))}
          {!shortcuts.isLoading && list.length === 0 && (
            <Typography variant="body2" color="text.secondary">{t('home:shortcuts.empty')}</Typography>
          )}
        </Stack>
      </CardContent>
      {editing && (
        <ShortcutsDialog
          open
          menus={menus?.Menus ?? []}
          current={list}
          saving={save.isPending}
          onClose={() => setEditing(false)}
          onSave={(urls) => save.mutate(urls)}
        />
      )}
    </Card>
  );
}
