import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/en';
import { LANGUAGES, type Language } from '../../shared/domain/ui-constants.ts';
import type { Translation } from '../../shared/api/translation.ts';
import { noteLanguage, resolveInitialLanguage, setCurrentLanguage } from './language.ts';

/**
 * i18next with one namespace per feature, read from locales/<lang>/<ns>.json at build time
 * (eager glob: the files are small and the shell needs most of them at once).
 */
const files = import.meta.glob<Record<string, unknown>>('../../../locales/*/*.json', { eager: true, import: 'default' });

export function localeResources(): Record<string, Record<string, Record<string, unknown>>> {
  const out: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const [path, content] of Object.entries(files)) {
    const m = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!m) continue;
    const [, lang, ns] = m as unknown as [string, string, string];
    (out[lang] ??= {})[ns] = content;
  }
  return out;
}

export const NAMESPACES = [...new Set(Object.keys(files).map((p) => /([^/]+)\.json$/.exec(p)?.[1] ?? ''))].filter(Boolean);

const dayjsLocale = (lang: Language) => (lang === 'zh-CN' ? 'zh-cn' : 'en');

export function initI18n(lang: Language = resolveInitialLanguage()): I18n {
  noteLanguage(lang);
  dayjs.locale(dayjsLocale(lang));
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      resources: localeResources(),
      lng: lang,
      fallbackLng: 'zh-CN',
      supportedLngs: [...LANGUAGES],
      ns: NAMESPACES,
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
      react: { useSuspense: false },
    });
  }
  return i18next;
}

/** Switches the whole UI at once and remembers the choice (localStorage). */
export async function changeLanguage(lang: Language): Promise<void> {
  setCurrentLanguage(lang);
  dayjs.locale(dayjsLocale(lang));
  await i18next.changeLanguage(lang);
  document.documentElement.lang = lang;
}

/** Merges server overrides ("ns:dotted.key" -> zh/en) over the bundled strings. */
export function applyServerTranslations(list: readonly Pick<Translation, 'Key' | 'ZhCN' | 'EnUS'>[]): number {
  let applied = 0;
  for (const t of list) {
    const sep = t.Key.indexOf(':');
    if (sep <= 0) continue;
    const ns = t.Key.slice(0, sep);
    const key = t.Key.slice(sep + 1);
    if (t.ZhCN) i18next.addResource('zh-CN', ns, key, t.ZhCN);
    if (t.EnUS) i18next.addResource('en-US', ns, key, t.EnUS);
    applied += 1;
  }
  // Re-render bound components with the merged strings.
  if (applied) void i18next.changeLanguage(i18next.language);
  return applied;
}

export { i18next };
