import { useMemo, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import CssBaseline from '@mui/material/CssBaseline';
import useMediaQuery from '@mui/material/useMediaQuery';
import { ThemeProvider } from '@mui/material/styles';
import { i18next } from '../lib/i18n.ts';
import { useSession } from '../lib/use-session.ts';
import { useThemeMode } from '../lib/ui-settings.ts';
import { isLanguage } from '../lib/language.ts';
import { ToastHost } from '../components/toast-host.tsx';
import { createAppTheme } from './theme.ts';

function AppTheme({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const mode = useThemeMode();
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)');
  const { unit } = useSession();
  const lang = isLanguage(i18n.language) ? i18n.language : 'zh-CN';
  const dark = mode === 'dark' || (mode === 'system' && prefersDark);
  const theme = useMemo(() => createAppTheme({ dark, lang, colors: unit?.ThemeColor }), [dark, lang, unit?.ThemeColor]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
      <ToastHost />
    </ThemeProvider>
  );
}

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18next}>
      <QueryClientProvider client={queryClient}>
        <AppTheme>{children}</AppTheme>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
