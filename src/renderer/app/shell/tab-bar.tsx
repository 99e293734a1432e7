import { useState, type MouseEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import MoreVert from '@mui/icons-material/MoreVert';
import Refresh from '@mui/icons-material/Refresh';
import Cancel from '@mui/icons-material/Cancel';
import type { Menu as ServerMenu } from '../../../shared/api/auth.ts';
import { menuForPath, menuLabel } from '../../lib/menus.ts';
import { findScreen } from '../screen-registry.ts';
import { fullPath, isPinned, tabsStore, useTabs, type ViewTab } from './tabs-store.ts';

/** Re-mounts the current screen by bouncing through /redirect?path=. */
export function refreshTarget(current: string): string {
  return `/redirect?path=${encodeURIComponent(current)}`;
}

function useTabTitle(menus: readonly ServerMenu[] | undefined) {
  const { t, i18n } = useTranslation();
  return (path: string) => {
    const menu = menuForPath(path, menus);
    if (menu) return menuLabel(menu, i18n.language === 'en-US' ? 'en-US' : 'zh-CN');
    const entry = findScreen(path);
    return entry ? t(entry.titleKey, { defaultValue: path }) : path;
  };
}

/** The tab bar of visited views: refresh, close current, close others, close all. */
export function TabBar({ menus }: { menus?: readonly ServerMenu[] | undefined }) {
  const { t } = useTranslation('shell');
  const tabs = useTabs();
  const navigate = useNavigate();
  const location = useLocation();
  const title = useTabTitle(menus);
  const active = location.pathname;
  const current = `${location.pathname}${location.search}`;
  // The menu acts on the tab it was opened for (right click) or the active one (button).
  const [menu, setMenu] = useState<{ anchor: HTMLElement | { x: number; y: number }; path: string } | null>(null);

  const go = (to: string | null) => {
    if (to) void navigate(to);
  };
  const actions = {
    refresh: (path: string) => {
      const tab = tabs.find((x) => x.path === path);
      void navigate(refreshTarget(path === active ? current : tab ? fullPath(tab) : path), { replace: path === active });
    },
    close: (path: string) => go(tabsStore.close(path, active)),
    closeOthers: (path: string) => {
      tabsStore.closeOthers(path);
      if (path !== active) go(fullPath(tabs.find((x) => x.path === path) ?? { path, search: '' }));
    },
    closeAll: () => go(tabsStore.closeAll()),
  };
  const run = (fn: (path: string) => void) => () => {
    const target = menu?.path ?? active;
    setMenu(null);
    fn(target);
  };

  const onContext = (e: MouseEvent, tab: ViewTab) => {
    e.preventDefault();
    setMenu({ anchor: { x: e.clientX, y: e.clientY }, path: tab.path });
  };

  return (
    // A landmark of its own: the strip switches between the open pages (axe: region).
    <Box
      component="nav"
      aria-label={t('tabs.label')}
      data-testid="tab-bar"
      sx={{ display: 'flex', alignItems: 'center', gap: 0.5, px: 1, py: 0.5, borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper', minHeight: 40 }}
    >
      <Box role="tablist" aria-label={t('tabs.list')} sx={{ display: 'flex', gap: 0.5, overflowX: 'auto', flex: 1 }}>
        {tabs.map((tab) => {
          const selected = tab.path === active;
          return (
            <Chip
              key={tab.path}
              role="tab"
              aria-selected={selected}
              data-testid={`tab-${tab.path}`}
              data-active={selected ? 'true' : 'false'}
              size="small"
              label={title(tab.path)}
              color={selected ? 'primary' : 'default'}
              variant={selected ? 'filled' : 'outlined'}
              onClick={() => void navigate(fullPath(tab))}
              onContextMenu={(e) => onContext(e, tab)}
              {...(isPinned(tab.path) ? {} : { onDelete: () => actions.close(tab.path) })}
              deleteIcon={<Cancel aria-label={t('tabs.close')} data-testid={`tab-close-${tab.path}`} />}
            />
          );
        })}
      </Box>
      {/* A plain title instead of an MUI Tooltip keeps Popper out of the first load. */}
      <IconButton size="small" data-testid="tab-action-refresh" aria-label={t('tabs.refresh')} title={t('tabs.refresh')} onClick={() => actions.refresh(active)}>
        <Refresh fontSize="small" />
      </IconButton>
      <IconButton
        size="small"
        data-testid="tab-actions-button"
        aria-label={t('tabs.more')}
        onClick={(e) => setMenu({ anchor: e.currentTarget, path: active })}
      >
        <MoreVert fontSize="small" />
      </IconButton>
      <Menu
        open={menu != null}
        onClose={() => setMenu(null)}
        {...(menu && 'x' in menu.anchor
          ? { anchorReference: 'anchorPosition' as const, anchorPosition: { top: menu.anchor.y, left: menu.anchor.x } }
          : { anchorEl: menu?.anchor as HTMLElement | undefined })}
      >
        <MenuItem data-testid="tab-action-refresh-menu" onClick={run(actions.refresh)}>{t('tabs.refresh')}</MenuItem>
        <MenuItem data-testid="tab-action-close" disabled={isPinned(menu?.path ?? active)} onClick={run(actions.close)}>
          {t('tabs.close')}
        </MenuItem>
        <MenuItem data-testid="tab-action-close-others" onClick={run(actions.closeOthers)}>{t('tabs.closeOthers')}</MenuItem>
        <MenuItem data-testid="tab-action-close-all" onClick={run(() => actions.closeAll())}>{t('tabs.closeAll')}</MenuItem>
      </Menu>
    </Box>
  );
}
