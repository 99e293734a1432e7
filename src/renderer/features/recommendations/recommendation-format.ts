import { useTranslation } from 'react-i18next';
import type { SuggestionGroup } from '../../../shared/api/recommendations.ts';

/** "3 copies (available 1)", or "not held": so staff do not buy twice. */
export function useHeldText(): (g: Pick<SuggestionGroup, 'Held' | 'Available'>) => string {
  const { t } = useTranslation('recommendations');
  return (g) => (g.Held > 0 ? t('held.some', { held: g.Held, available: g.Available }) : t('held.none'));
}

/** An instant as a local "yyyy-mm-dd hh:mm" in the browser's time zone (as the kit's grid shows instants). */
export function localTime(iso: string | null): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}
