import { useEffect, useMemo, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { createTheme, ThemeProvider, useTheme } from '@mui/material/styles';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import KeyboardOutlined from '@mui/icons-material/KeyboardOutlined';
import { GUIDE_PATHS, SearchPathsProvider } from '../../features/search/search-paths.tsx';
import { SchoolGate, usePortalSchool, useSchoolName } from '../../features/search/portal-school.tsx';
import { OnScreenKeyboard } from '../../features/guide/on-screen-keyboard.tsx';
import { ToastHost } from '../../components/toast-host.tsx';
import { LanguageSwitch } from './language-switch.tsx';

const HOME = '/guidescreen';
const HEADER_PX = 80;
/** Dispatched on window by a kiosk screen to close the on-screen keyboard (features cannot import the shell). */
const HIDE_KEYBOARD_EVENT = 'guide:hide-keyboard';

function Clock() {
  const { i18n } = useTranslation();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), 15_000);
    return () => clearInterval(id);
  }, []);
  return <Typography variant="h6" component="div" aria-hidden sx={{ fontVariantNumeric: 'tabular-nums' }}>{now.toLocaleTimeString(i18n.language, { hour: '2-digit', minute: '2-digit' })}</Typography>;
}

/**
 * The reading-guide kiosk's frame, touch first: large type, targets of at least 48 px, no text
 * selection or context menu, links that stay on the kiosk's own screens, and an on-screen
 * keyboard that opens when a field is touched. The desktop's guide window adds the idle reset
 * and blocks reload, devtools and navigation keys (main/windows/kiosk-policy.ts).
 */
export function GuideLayout() {
  const { t } = useTranslation(['guide', 'shell']);
  const outer = useTheme();
  const navigate = useNavigate();
  const location = useLocation();
  const school = usePortalSchool();
  const name = useSchoolName();
  // The keyboard belongs to the screen it was opened on: it goes when the screen does.
  const [keyboardAt, setKeyboardAt] = useState<string | null>(null);
  const keyboard = keyboardAt === location.pathname;
  const setKeyboard = (open: boolean) => setKeyboardAt(open ? location.pathname : null);
  // A screen whose typing is over (the card page once the card is read) puts the keyboard away.
  useEffect(() => {
    const hide = () => setKeyboardAt(null);
    window.addEventListener(HIDE_KEYBOARD_EVENT, hide);
    return () => window.removeEventListener(HIDE_KEYBOARD_EVENT, hide);
  }, []);
  // Built again rather than extended: MUI computes the type scale when a theme is created.
  const theme = useMemo(() => createTheme({
    palette: { mode: outer.palette.mode, primary: { main: outer.palette.primary.main } },
    shell: outer.shell,
    typography: { fontSize: 19 },
    components: {
      ...outer.components,
      MuiButton: { ...outer.components?.MuiButton, styleOverrides: { root: { minHeight: 48, minWidth: 48, textTransform: 'none' } } },
      MuiIconButton: { styleOverrides: { root: { minHeight: 48, minWidth: 48 } } },
      MuiListItemButton: { styleOverrides: { root: { minHeight: 56 } } },
      MuiChip: { styleOverrides: { clickable: { height: 48, fontSize: '1rem' } } },
      MuiPaginationItem: { styleOverrides: { root: { minWidth: 48, height: 48 } } },
      MuiToggleButton: { styleOverrides: { root: { minHeight: 48, minWidth: 56 } } },
      // A title is tapped, not clicked: its link is a full-height target.
      MuiLink: { defaultProps: { underline: 'none' }, styleOverrides: { root: { display: 'inline-flex', alignItems: 'center', minHeight: 44 } } },
    },
  }), [outer]);
  // The keyboard comes up when a text field is touched (or takes the focus by itself).
  const onFocus = (e: React.FocusEvent) => {
    const el = e.target;
    if ((el instanceof HTMLInputElement && ['text', 'search'].includes(el.type)) || el instanceof HTMLTextAreaElement) setKeyboard(true);
  };
  return (
    <ThemeProvider theme={theme}>
      <SearchPathsProvider value={GUIDE_PATHS}>
        <Box
          data-testid="layout-guide"
          onContextMenu={(e) => e.preventDefault()}
          onFocus={onFocus}
          sx={{ height: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default', userSelect: 'none', touchAction: 'manipulation', WebkitTouchCallout: 'none' }}
        >
          <AppBar position="static" elevation={0} sx={{ bgcolor: outer.shell.bgColor, color: outer.shell.fgColor }}>
            <Toolbar sx={{ gap: 2, '&&': { minHeight: HEADER_PX }, '& .MuiButton-root': { fontSize: '1.25rem' } }}>
              <Button color="inherit" size="large" startIcon={<HomeOutlined />} onClick={() => navigate(HOME)} data-testid="guide-home">{t('guide:home')}</Button>
              {location.pathname !== HOME && (
                <Button color="inherit" size="large" startIcon={<ArrowBackIcon />} onClick={() => navigate(-1)} data-testid="guide-back">{t('guide:back')}</Button>
              )}
              <Typography variant="h5" component="div" noWrap sx={{ flex: 1, textAlign: 'center', fontWeight: 600 }} data-testid="guide-school-name">
                {name ? t('guide:title', { school: name }) : t('shell:portal.title')}
              </Typography>
              <Clock />
              {!keyboard && school != null && (
                <Button color="inherit" size="large" startIcon={<KeyboardOutlined />} onClick={() => setKeyboard(true)} data-testid="guide-keyboard-open">{t('guide:keyboard.open')}</Button>
              )}
              <LanguageSwitch />
            </Toolbar>
          </AppBar>
          <Box component="main" sx={{ flex: 1, overflow: 'auto', px: 4, py: 3 }}>
            <SchoolGate><Outlet /></SchoolGate>
          </Box>
          {keyboard && <OnScreenKeyboard onHide={() => setKeyboard(false)} />}
        </Box>
        {/* The kiosk's messages in its own type size, under the header rather than small on the school's name. */}
        <ToastHost below={HEADER_PX} />
      </SearchPathsProvider>
    </ThemeProvider>
  );
}
