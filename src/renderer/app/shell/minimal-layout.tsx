import { Outlet } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { LanguageSwitch } from './language-switch.tsx';

/** The frame of pages outside the admin shell, the portal and the kiosk: sign-in and error pages. */
export function MinimalLayout({ variant }: { variant: 'public' }) {
  const { t } = useTranslation('shell');
  const theme = useTheme();
  return (
    <Box data-testid={`layout-${variant}`} sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <AppBar position="static" elevation={0} sx={{ bgcolor: theme.shell.bgColor, color: theme.shell.fgColor }}>
        <Toolbar variant="dense">
          <Typography variant="h6" component="div" sx={{ flexGrow: 1 }}>
            {t('appName', { ns: 'common' })}
          </Typography>
          <LanguageSwitch />
        </Toolbar>
      </AppBar>
      <Box component="main" sx={{ flex: 1, p: 2 }}>
        <Outlet />
      </Box>
    </Box>
  );
}
