import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import { catalogueCalls as C } from '../../../shared/api/catalogue.ts';
import { call } from '../../lib/api-client.ts';

/**
 * Picks a CLC class (the 22 main classes and their second level, from Config/GetCustomClassify).
 * Typing filters by code or by name in either language; Tab/arrow keys and Enter choose.
 */
export function ClcPickerDialog({ open, onClose, onPick }: { open: boolean; onClose: () => void; onPick: (code: string) => void }) {
  const { t, i18n } = useTranslation(['catalogue']);
  const en = i18n.language.startsWith('en');
  const [filter, setFilter] = useState('');
  const tree = useQuery({ queryKey: ['catalogue', 'clc'], queryFn: () => call(C.getCustomClassify, {}), enabled: open, staleTime: Infinity });
  const rows = useMemo(() => {
    const q = filter.trim().toLowerCase();
    const out: { code: string; name: string; depth: number }[] = [];
    const hit = (c: { Code: string; Name: string; EnName: string }) => !q || c.Code.toLowerCase().startsWith(q) || c.Name.includes(q) || c.EnName.toLowerCase().includes(q);
    for (const m of tree.data ?? []) {
      // A matching main class shows all its subclasses; otherwise only the matching ones.
      const kids = hit(m) ? m.Children : m.Children.filter(hit);
      if (hit(m) || kids.length) out.push({ code: m.Code, name: en ? m.EnName : m.Name, depth: 0 });
      for (const k of kids) out.push({ code: k.Code, name: en ? k.EnName : k.Name, depth: 1 });
    }
    return out;
  }, [tree.data, filter, en]);

  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{t('full.clcPicker')}</DialogTitle>
      <DialogContent>
        <TextField autoFocus fullWidth size="small" sx={{ mt: 1 }} label={t('full.clcFilter')} value={filter} onChange={(e) => setFilter(e.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'clc-filter' } }} />
        <List dense sx={{ maxHeight: 420, overflow: 'auto' }} aria-label={t('full.clcPicker')}>
          {rows.map((r) => (
            <ListItemButton key={r.code} sx={{ pl: 2 + r.depth * 3 }} onClick={() => onPick(r.code)} data-testid={`clc-${r.code}`}>
              <ListItemText primary={`${r.code}  ${r.name}`} />
            </ListItemButton>
          ))}
        </List>
      </DialogContent>
    </Dialog>
  );
}
