import { useTranslation } from 'react-i18next';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { LANGUAGES, type Language } from '../../../shared/domain/ui-constants.ts';
import { changeLanguage } from '../../lib/i18n.ts';
import { bridge } from '../../lib/bridge.ts';
import { hasAdminSession } from '../../lib/session-store.ts';
import { currentLanguage, isLanguage } from '../../lib/language.ts';

/** Switches the whole UI at once; remembers it locally, on the server (signed in) and in the desktop. */
export async function switchLanguage(lang: Language): Promise<void> {
  await changeLanguage(lang);
  void bridge.setSettings({ language: lang });
  if (!hasAdminSession()) return;
  // Staff only; the portal's first load goes without the client (app/startup.ts).
  const [{ call }, { authCalls }] = await Promise.all([import('../../lib/api-client.ts'), import('../../../shared/api/auth.ts')]);
  await call(authCalls.language, { Language: lang }).catch(() => undefined);
}

export function LanguageSwitch({ color = 'inherit' }: { color?: 'inherit' | 'primary' }) {
  const { t, i18n } = useTranslation('shell');
  const value = isLanguage(i18n.language) ? i18n.language : 'zh-CN';
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={value}
      data-testid="language-switch"
      aria-label={t('language.label')}

      sx={color === 'inherit' ? { '& .MuiToggleButton-root': { color: 'inherit', borderColor: 'rgba(255,255,255,0.4)' }, '& .Mui-selected': { bgcolor: 'rgba(255,255,255,0.2) !important', color: 'inherit !important' } } : undefined}
    >
      {LANGUAGES.map((l) => (
        <ToggleButton
          key={l} value={l} data-testid={`language-${l}`} sx={{ px: 1, py: 0.25, textTransform: 'none' }}
          // Compared with the language last asked for, not the one shown: a switch still loading
          // its strings can be turned back at once (clicking the shown one included).
          onClick={() => {
            if (l !== currentLanguage()) void switchLanguage(l);
          }}
        >
          {t(`language.short.${l}`)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
