import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import MenuIcon from '@mui/icons-material/Menu';
import { hasAdminSession } from '../../lib/session-store.ts';
import { useSession } from '../../lib/use-session.ts';
import { findScreen } from '../screen-registry.ts';
import { DownloadPanel } from './download-panel.tsx';
import { LanguageSwitch } from './language-switch.tsx';
import { SideMenu } from './side-menu.tsx';
import { TabBar } from './tab-bar.tsx';
import { tabsStore } from './tabs-store.ts';
import { UserMenu } from './user-menu.tsx';

const DRAWER_WIDTH = 220;

/** The admin shell: app bar, server menu, tab bar of visited views, download panel. */
export function AdminLayout() {
  const { t, i18n } = useTranslation('shell');
  const theme = useTheme();
  const session = useSession();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(true);
  const entry = findScreen(location.pathname);
  const signedIn = hasAdminSession(session);

  useEffect(() => {
    if (signedIn && entry) tabsStore.visit(location.pathname, location.search);
  }, [signedIn, entry, location.pathname, location.search]);

  if (!signedIn || !session.user) {
    // /404 opens without a session; every other admin route goes through sign-in.
    if (entry && !entry.login) {
      return (
        <Box component="main" sx={{ p: 2 }}>
          <Outlet />
        </Box>
      );
    }
    const back = `${location.pathname}${location.search}`;
    return <Navigate to={`/auth?redirect=${encodeURIComponent(back)}`} replace />;
  }
  const user = session.user;
  const school = i18n.language === 'en-US' ? user.SchoolEnName || user.SchoolName : user.SchoolName;
  const shellColors = { bgcolor: theme.shell.bgColor, color: theme.shell.fgColor };

  return (
    <Box data-testid="admin-layout" sx={{ display: 'flex', flexDirection: 'column', height: '100vh' }}>
      <AppBar position="static" elevation={0} sx={shellColors}>
        <Toolbar variant="dense" sx={{ gap: 1 }}>
          <IconButton color="inherit" edge="start" aria-label={t('menu.toggle')} data-testid="menu-toggle" onClick={() => setMenuOpen((o) => !o)}>
            <MenuIcon />
          </IconButton>
          <Typography variant="h6" component="div" noWrap data-testid="school-name" sx={{ flex: 1 }}>
            {school || t('common:appName')}
          </Typography>
          <LanguageSwitch />
          <UserMenu user={user} />
        </Toolbar>
      </AppBar>
      <Box sx={{ display: 'flex', flex: 1, minHeight: 0 }}>
        {menuOpen && (
          <Box component="aside" sx={{ ...shellColors, width: DRAWER_WIDTH, flexShrink: 0, overflowY: 'auto' }}>
            <SideMenu menus={session.menus?.Menus ?? []} />
          </Box>
        )}
        <Box sx={{ flex: 1, display: 'flex', flexDirection: 'column', minWidth: 0 }}>
          <TabBar menus={session.menus?.Menus} />
          <Box component="main" sx={{ flex: 1, overflow: 'auto', p: 2, bgcolor: 'background.default' }}>
            <Outlet />
          </Box>
        </Box>
      </Box>
      <DownloadPanel />
    </Box>
  );
}
