import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import ExpandMore from '@mui/icons-material/ExpandMore';
import ChevronRight from '@mui/icons-material/ChevronRight';
import type { MenuNode } from '../../../shared/api/roles.ts';
import { groupKeys, menuState, stateOf, toggleKeys, toggleMenu, toggleOperation, type CheckState } from './permission-tree.ts';

interface Props {
  menus: readonly MenuNode[];
  granted: ReadonlySet<string>;
  disabled?: boolean;
  onChange: (next: Set<string>) => void;
}

function TriCheck({ state, label, testId, disabled, onToggle }: { state: CheckState; label: string; testId: string; disabled?: boolean; onToggle: () => void }) {
  return (
    <FormControlLabel
      label={label}
      disabled={disabled}
      control={
        <Checkbox
          size="small"
          checked={state === 'checked'}
          indeterminate={state === 'indeterminate'}
          onChange={onToggle}
          slotProps={{ input: { 'data-testid': testId, 'aria-checked': state === 'indeterminate' ? 'mixed' : state === 'checked' } as object }}
        />
      }
    />
  );
}

/** Menu groups → menus → operations with tri-state checkboxes; groups fold to keep the list short. */
export function MenuPermissionTree({ menus, granted, disabled, onChange }: Props) {
  const { t, i18n } = useTranslation('roles');
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const name = (n: { Name: string; EnName: string }) => (i18n.language === 'en-US' && n.EnName ? n.EnName : n.Name);
  return (
    <Box data-testid="menu-tree" sx={{ maxHeight: 360, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1, p: 1 }}>
      {menus.map((g) => {
        const expanded = open.has(g.Url);
        return (
          <Box key={g.Url}>
            <IconButton size="small" aria-label={expanded ? t('tree.collapse') : t('tree.expand')} data-testid={`tree-fold-${g.Url}`}
              onClick={() => setOpen((o) => { const n = new Set(o); if (n.has(g.Url)) n.delete(g.Url); else n.add(g.Url); return n; })}>
              {expanded ? <ExpandMore fontSize="small" /> : <ChevronRight fontSize="small" />}
            </IconButton>
            <TriCheck state={stateOf(groupKeys(g), granted)} label={name(g)} testId={`tree-${g.Url}`} disabled={disabled} onToggle={() => onChange(toggleKeys(groupKeys(g), granted))} />
            {expanded && g.Children.map((m) => (
              <Box key={m.Url} sx={{ pl: 5 }}>
                <TriCheck state={menuState(m, granted)} label={name(m)} testId={`tree-${m.Url}`} disabled={disabled} onToggle={() => onChange(toggleMenu(m, granted))} />
                {m.Operations.map((op) => (
                  <Box key={op} component="span" sx={{ pl: 1 }}>
                    <TriCheck state={granted.has(op) ? 'checked' : 'unchecked'} label={t(`operations.${op.replaceAll('.', '_')}`, { defaultValue: op })}
                      testId={`tree-op-${m.Url}-${op}`} disabled={disabled} onToggle={() => onChange(toggleOperation(m, op, granted))} />
                  </Box>
                ))}
              </Box>
            ))}
          </Box>
        );
      })}
    </Box>
  );
}
