import { useTranslation } from 'react-i18next';
import type { SuggestionGroup } from '../../../shared/api/recommendations.ts';

/** "3 copies (available 1)", or "not held": so staff do not buy twice. */
export function useHeldText(): (g: Pick<SuggestionGroup, 'Held' | 'Available'>) => string {
  const { t } = useTranslation('recommendations');
  return (g) => (g.Held > 0 ? t('held.some', { held: g.Held, available: g.Available }) : t('held.none'));
}

/** An instant as a local "yyyy-mm-dd hh:mm" in the browser's time zone. */
export function localTime(iso: string | null, lang: string): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleString(lang === 'en-US' ? 'en-CA' : 'zh-CN', { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hour12: false });
}
