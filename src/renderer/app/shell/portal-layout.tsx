import { useMemo } from 'react';
import { Link as RouterLink, Outlet, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { createTheme, ThemeProvider, useTheme } from '@mui/material/styles';
import PersonOutline from '@mui/icons-material/PersonOutlineOutlined';
import { useSession } from '../../lib/use-session.ts';
import { forgetSchool, SchoolGate, usePortalSchool, useSchoolName } from '../../features/search/portal-school.tsx';
import { LanguageSwitch } from './language-switch.tsx';
import { useSignInPath } from '../../lib/use-sign-in-path.ts';

/** The portal's sections, in the order of the navigation bar; the first also owns its results. */
const NAV = [
  { to: '/search', key: 'search', match: ['/search', '/search/book/details'] },
  { to: '/search/recentnewbook', key: 'newBooks', match: ['/search/recentnewbook'] },
  { to: '/search/newslist', key: 'news', match: ['/search/newslist', '/search/newsdetail'] },
  { to: '/search/themeList', key: 'activities', match: ['/search/themeList', '/search/themeList/details', '/search/themeList/activity-details'] },
  { to: '/advancedsearch', key: 'advanced', match: ['/advancedsearch'] },
] as const;

/**
 * The public portal's frame, phones first: the school's name and colours, the sections as
 * scrollable tabs (one row even at 360 px), the language switch. Until the portal knows which
 * school it serves (`?school=CODE`, a portal sign-in or a staff session) it asks for the code.
 */
export function PortalLayout() {
  const { t } = useTranslation(['shell', 'search']);
  const theme = useTheme();
  const location = useLocation();
  const signInPath = useSignInPath();
  const session = useSession();
  const school = usePortalSchool();
  const name = useSchoolName();
  const current = NAV.findIndex((n) => (n.match as readonly string[]).includes(location.pathname));
  const anonymous = session.token == null;
  // Readers' pages speak in sentence case, English included (MUI's buttons shout by default).
  const calm = useMemo(() => createTheme(theme, { components: { MuiButton: { styleOverrides: { root: { textTransform: 'none' } } } } }), [theme]);
  return (
    <ThemeProvider theme={calm}>
      <Box data-testid="layout-portal" sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
        <AppBar position="static" elevation={0} sx={{ bgcolor: theme.shell.bgColor, color: theme.shell.fgColor }}>
          <Toolbar variant="dense" sx={{ gap: 1, px: { xs: 1, sm: 2 } }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="subtitle1" component="div" noWrap sx={{ fontWeight: 600, lineHeight: 1.2 }} data-testid="portal-school-name">
                {name || t('shell:portal.title')}
              </Typography>
              {name && <Typography variant="caption" component="div" noWrap sx={{ opacity: 0.85 }}>{t('shell:portal.title')}</Typography>}
            </Box>
            {school != null && anonymous && (
              <Button color="inherit" size="small" component={RouterLink} to={signInPath} sx={{ textTransform: 'none' }} data-testid="portal-sign-in-link">{t('search:portal.signIn')}</Button>
            )}
            {school != null && !anonymous && (
              <Button
                color="inherit" size="small" component={RouterLink} to="/search/personal" aria-label={t('shell:portal.myAccount')} data-testid="portal-account-link"
                sx={{ textTransform: 'none', whiteSpace: 'nowrap', minWidth: 0, gap: 0.5 }}
              >
                <PersonOutline fontSize="small" />
                {/* The icon alone on a phone: the school's name needs the width. */}
                <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>{t('shell:portal.myAccount')}</Box>
              </Button>
            )}
            <LanguageSwitch />
          </Toolbar>
          {school != null && (
            <Tabs
              value={current < 0 ? false : current}
              variant="scrollable"
              scrollButtons={false}
              textColor="inherit"
              aria-label={t('search:portal.nav')}
              sx={{ minHeight: 40, px: { xs: 0, sm: 1 }, '& .MuiTab-root': { minHeight: 40, minWidth: 0, px: { xs: 1.25, sm: 1.5 }, textTransform: 'none', fontSize: '0.95rem', opacity: 1 }, '& .Mui-selected': { fontWeight: 700 }, '& .MuiTabs-indicator': { bgcolor: theme.shell.fgColor } }}
            >
              {NAV.map((n) => <Tab key={n.key} component={RouterLink} to={n.to} label={t(`search:portal.sections.${n.key}`)} data-testid={`portal-nav-${n.key}`} />)}
            </Tabs>
          )}
        </AppBar>
        <Container component="main" maxWidth="lg" sx={{ flex: 1, py: { xs: 2, md: 3 }, px: { xs: 1.5, sm: 3 } }}>
          {/* The home shows its box while a school code is looked up (its reads wait for the school). */}
          <SchoolGate eager={location.pathname === '/search'}><Outlet /></SchoolGate>
        </Container>
        {school != null && anonymous && (
          <Box component="footer" sx={{ textAlign: 'center', py: 2 }}>
            <Button size="small" onClick={forgetSchool} data-testid="portal-change-school">
              {t('search:school.change')}
            </Button>
          </Box>
        )}
      </Box>
    </ThemeProvider>
  );
}
