import { createTheme, type Theme } from '@mui/material/styles';
import { enUS as coreEn, zhCN as coreZh } from '@mui/material/locale';
import type { ThemeColor } from '../../shared/api/session.ts';
import type { Language } from '../../shared/domain/ui-constants.ts';

export const DEFAULT_COLORS: ThemeColor = { bgColor: '#1f3a5f', btColor: '#1e6fd9' };

/** Unit colours come from the server: accept only plain CSS colour notations MUI can parse. */
export function safeColor(v: string | undefined, fallback: string): string {
  if (!v) return fallback;
  const s = v.trim();
  return /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(s) || /^rgba?\([\d\s.,%]+\)$/i.test(s) ? s : fallback;
}

declare module '@mui/material/styles' {
  interface Theme {
    shell: { bgColor: string; fgColor: string };
  }
  interface ThemeOptions {
    shell?: { bgColor: string; fgColor: string };
  }
}

/** bgColor paints the app bar and side menu; btColor is the primary (button) colour. */
export function createAppTheme(opts: { dark: boolean; lang: Language; colors?: ThemeColor | null | undefined }): Theme {
  const bg = safeColor(opts.colors?.bgColor, DEFAULT_COLORS.bgColor);
  const bt = safeColor(opts.colors?.btColor, DEFAULT_COLORS.btColor);
  const base = createTheme({ palette: { mode: opts.dark ? 'dark' : 'light', primary: { main: bt } } });
  return createTheme(
    {
      palette: { mode: opts.dark ? 'dark' : 'light', primary: { main: bt } },
      shell: { bgColor: opts.dark ? '#121212' : bg, fgColor: base.palette.getContrastText(opts.dark ? '#121212' : bg) },
      components: {
        MuiButton: { defaultProps: { disableElevation: true } },
        // Screens title themselves with an explicit h1; section titles use h6/subtitle variants,
        // which MUI would make <h6> (h1 → h6 skips levels). They are second-level headings here.
        MuiTypography: { defaultProps: { variantMapping: { h6: 'h2', subtitle1: 'h2', subtitle2: 'h2' } } },
        // A disabled field's help still informs (why it is locked): text.disabled is 2.7:1, below
        // WCAG AA; text.secondary keeps it quieter than enabled text at 5.7:1 (light) / 7:1 (dark).
        MuiFormHelperText: { styleOverrides: { root: ({ theme }) => ({ '&.Mui-disabled': { color: theme.palette.text.secondary } }) } },
      },
    },
    // DataGrid texts are applied by the screens that use a grid (keeps the grid out of first load).
    opts.lang === 'zh-CN' ? coreZh : coreEn,
  );
}
