import { useTranslation } from 'react-i18next';
import type { ScreenEntry } from './screen-types.ts';

/** The registry title of a screen in the current language; the path while screens.json lacks it. */
export function useScreenTitle(entry: Pick<ScreenEntry, 'titleKey' | 'path'> | undefined): string {
  const { t } = useTranslation();
  if (!entry) return '';
  return t(entry.titleKey, { defaultValue: entry.path });
}
