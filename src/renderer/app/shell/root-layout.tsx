import { useEffect } from 'react';
import { Outlet, useLocation, useMatches, useNavigate, useNavigation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import { setNavigator } from '../../lib/navigation.ts';
import type { ScreenHandle } from '../routes.tsx';
import { FramedNotice, isFramed } from './framed-notice.tsx';
import { EMBEDDABLE_ROUTES } from '../../../shared/domain/content-security-policy.ts';

export function LoadingScreen() {
  return (
    <Box data-testid="app-loading" sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: 240 }}>
      <CircularProgress />
    </Box>
  );
}

/** Top of the tree: lets non-React code navigate, shows chunk loading, keeps the tab title. */
export function RootLayout() {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const location = useLocation();
  const { t } = useTranslation('common');

  useEffect(() => {
    setNavigator((to, opts) => void navigate(to, opts?.replace ? { replace: true } : undefined));
  }, [navigate]);

  // The matched screen's entry (routes.tsx): the registry's staff half is not loaded on every page.
  const matches = useMatches();
  const entry = (matches.at(-1)?.handle as ScreenHandle | undefined)?.entry;
  const title = entry ? t(entry.titleKey, { defaultValue: entry.path }) : '';
  useEffect(() => {
    const app = t('common:appName');
    document.title = title ? `${title} - ${app}` : app;
  }, [title, t]);

  // Inside another site's frame only the embeddable routes render (the embed document may be framed).
  if (isFramed() && !EMBEDDABLE_ROUTES.includes(location.pathname)) return <FramedNotice />;
  return (
    <>
      {navigation.state === 'loading' && (
        <LinearProgress data-testid="route-loading" sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 2000 }} />
      )}
      <Outlet />
    </>
  );
}
