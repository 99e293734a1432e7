import { createContext, memo, useCallback, useContext, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import type { Menu } from '../../../shared/api/auth.ts';
import type { Language } from '../../../shared/domain/ui-constants.ts';
import { buildMenuTree, menuLabel, menuPath, menuTarget, isExternalMenu, type MenuNode } from '../../lib/menus.ts';
import { menuIcon } from './menu-icons.tsx';

function containsPath(node: MenuNode, path: string): boolean {
  if (!isExternalMenu(node) && node.Url && menuPath(node.Url) === path) return true;
  return node.children.some((c) => containsPath(c, path));
}

// The active path travels by context so that a navigation re-renders only what it must
// (about 200 menu items on a full admin account).
const ActivePath = createContext('');

type ItemProps = { node: MenuNode; depth: number; lang: Language; onGo: (to: string) => void };

const MenuItem = memo(function MenuItem({ node, depth, lang, onGo }: ItemProps) {
  return node.children.length > 0 ? (
    <MenuGroup node={node} depth={depth} lang={lang} onGo={onGo} />
  ) : (
    <MenuLeaf node={node} depth={depth} lang={lang} onGo={onGo} />
  );
});

function MenuGroup({ node, depth, lang, onGo }: ItemProps) {
  const path = useContext(ActivePath);
  const [open, setOpen] = useState(() => containsPath(node, path));
  const Icon = menuIcon(node.Icon, node.children.length > 0);
  const label = menuLabel(node, lang);
  const pad = 2 + depth * 2;
  const listId = `menu-list-${node.ID}`;
  // An li holds the button and its sub-list, so the lists contain only list items.
  return (
    <ListItem disablePadding sx={{ display: 'block' }}>
      <ListItemButton
        data-testid={`menu-group-${node.ID}`}
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        onClick={() => setOpen((o) => !o)}
        sx={{ pl: pad }}
      >
        <ListItemIcon sx={{ color: 'inherit', minWidth: 36 }}><Icon fontSize="small" /></ListItemIcon>
        <ListItemText primary={label} />
        {open ? <ExpandLess /> : <ExpandMore />}
      </ListItemButton>
      <Collapse in={open} unmountOnExit>
        <List disablePadding id={listId}>
          {node.children.map((c) => (
            <MenuItem key={c.ID} node={c} depth={depth + 1} lang={lang} onGo={onGo} />
          ))}
        </List>
      </Collapse>
    </ListItem>
  );
}

function MenuLeaf({ node, depth, lang, onGo }: ItemProps) {
  const path = useContext(ActivePath);
  const Icon = menuIcon(node.Icon, false);
  const label = menuLabel(node, lang);
  const pad = 2 + depth * 2;
  const selected = !isExternalMenu(node) && node.Url !== '' && menuPath(node.Url) === path;
  return useMemo(() => (
    <ListItem disablePadding>
      <ListItemButton
        data-testid={`menu-item-${node.ID}`}
        data-path={isExternalMenu(node) ? undefined : menuPath(node.Url)}
        selected={selected}
        aria-current={selected ? 'page' : undefined}
        onClick={() => onGo(menuTarget(node))}
        sx={{ pl: pad, '&.Mui-selected': { bgcolor: 'rgba(255,255,255,0.16)' } }}
      >
        <ListItemIcon sx={{ color: 'inherit', minWidth: 36 }}><Icon fontSize="small" /></ListItemIcon>
        <ListItemText primary={label} />
      </ListItemButton>
    </ListItem>
  ), [node, selected, label, pad, Icon, onGo]);
}

/** The side menu: exactly the server's menus (auth.authorization), named in the UI language. */
export function SideMenu({ menus }: { menus: readonly Menu[] }) {
  const { t, i18n } = useTranslation('shell');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const tree = useMemo(() => buildMenuTree(menus), [menus]);
  const lang: Language = i18n.language === 'en-US' ? 'en-US' : 'zh-CN';
  const onGo = useCallback((to: string) => void navigate(to), [navigate]);
  if (tree.length === 0) {
    return <Typography sx={{ p: 2, opacity: 0.8 }} variant="body2">{t('menu.empty')}</Typography>;
  }
  return (
    <ActivePath.Provider value={pathname}>
      <nav data-testid="side-menu" aria-label={t('menu.label')}>
        <List dense>
          {tree.map((n) => (
            <MenuItem key={n.ID} node={n} depth={0} lang={lang} onGo={onGo} />
          ))}
        </List>
      </nav>
    </ActivePath.Provider>
  );
}
