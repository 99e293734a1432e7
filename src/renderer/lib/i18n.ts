import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from '../../shared/domain/ui-constants.ts';
import type { Translation } from '../../shared/api/translation.ts';
import { currentLanguage, noteLanguage, resolveInitialLanguage, setCurrentLanguage } from './language.ts';
import { queryClient } from './query-client.ts';

/**
 * i18next with one namespace per feature, read from locales/<lang>/<ns>.json. The shell's own
 * namespaces in Chinese, the fallback language, are bundled (the first screen needs them); every
 * other file (feature namespaces such as kit, readers, roles, and the English shell) is a separate
 * chunk, loaded for the current language before any screen renders (see loadFeatureNamespaces,
 * startup.ts and the screen registry). gateway.json and sso.json are the server's. Bundling one
 * language's shell instead of both keeps about 17 kB gzip out of the first load.
 */
type LocaleFile = Record<string, unknown>;
// Vite needs literal patterns here: keep the shell list in sync with the negation below.
const shellFiles = import.meta.glob<LocaleFile>('../../../locales/zh-CN/{common,shell,auth,errors,screens,process}.json', {
  eager: true,
  import: 'default',
});
const featureFiles = import.meta.glob<LocaleFile>(
  ['../../../locales/*/*.json', '!../../../locales/zh-CN/{common,shell,auth,errors,screens,process}.json', '!../../../locales/*/{gateway,sso}.json'],
  { import: 'default' },
);
/** Files a test environment adds up front (test/setup-dom.ts), so components render without loading. */
const registered: Record<string, LocaleFile> = {};

function parsePath(path: string): { lang: string; ns: string } | null {
  const m = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  return m ? { lang: m[1]!, ns: m[2]! } : null;
}

function toResources(files: Record<string, LocaleFile>): Record<string, Record<string, LocaleFile>> {
  const out: Record<string, Record<string, LocaleFile>> = {};
  for (const [path, content] of Object.entries(files)) {
    const p = parsePath(path);
    if (p) (out[p.lang] ??= {})[p.ns] = content;
  }
  return out;
}

export function registerLocaleFiles(files: Record<string, LocaleFile>): void {
  Object.assign(registered, files);
}

/** The shell's namespaces: bundled in Chinese, loaded first in another language. */
// Not validation (9 kB gzip in Chinese), home or settings: only screens and forms use them, and the
// screens that do name them (admin screens load every namespace; portal and kiosk groups list it).
export const SHELL_NAMESPACES = ['common', 'shell', 'auth', 'errors', 'screens', 'process'] as const;

const featureLoads = new Map<string, Promise<void>>();
/** What screens asked for so far (null: every namespace), so a language switch loads the same set. */
let wanted: Set<string> | null = new Set(SHELL_NAMESPACES);

/**
 * Loads feature namespaces of a language once each (small JSON chunks, fetched in parallel):
 * `namespaces` when given (a portal or kiosk screen names the few it uses, which keeps their
 * first load small), else all of them (admin screens).
 */
export function loadFeatureNamespaces(lang: string = i18next.language || 'zh-CN', namespaces?: readonly string[]): Promise<void> {
  // Before initI18n there is no store to load into (module tests that only import screens).
  if (!i18next.isInitialized) return Promise.resolve();
  if (!namespaces) wanted = null;
  else if (wanted) for (const ns of namespaces) wanted.add(ns);
  const loads = Object.entries(featureFiles)
    .map(([path, load]) => ({ p: parsePath(path), load }))
    .filter(({ p }) => p?.lang === lang && (!namespaces || namespaces.includes(p.ns)));
  return Promise.all(loads.map(({ p, load }) => {
    const key = `${lang}:${p!.ns}`;
    let done = featureLoads.get(key);
    if (!done) {
      // Not "skip if the bundle exists": a server override may have created it with one key.
      // Deep merge without overwriting: server overrides applied earlier win.
      done = load().then((content) => void i18next.addResourceBundle(lang, p!.ns, content, true, false));
      done.catch(() => featureLoads.delete(key));
      featureLoads.set(key, done);
    }
    return done;
  })).then(() => undefined);
}

export function initI18n(lang: Language = resolveInitialLanguage()): I18n {
  noteLanguage(lang);
  if (!i18next.isInitialized) {
    const resources = toResources({ ...shellFiles, ...registered });
    void i18next.use(initReactI18next).init({
      resources,
      // Feature namespaces arrive later through loadFeatureNamespaces.
      partialBundledLanguages: true,
      lng: lang,
      fallbackLng: 'zh-CN',
      supportedLngs: [...LANGUAGES],
      ns: [...new Set(Object.values(resources).flatMap((r) => Object.keys(r)))],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
      react: { useSuspense: false },
    });
  }
  return i18next;
}

/**
 * Switches the whole UI at once and remembers the choice (localStorage). Switches overlap when a
 * user clicks quickly while strings are still loading: the last one asked for wins.
 */
export async function changeLanguage(lang: Language): Promise<void> {
  setCurrentLanguage(lang);
  // The open screen's strings must exist in the new language before the switch renders.
  await loadFeatureNamespaces(lang, wanted ? [...wanted] : undefined);
  if (currentLanguage() !== lang) return;
  await i18next.changeLanguage(lang);
  document.documentElement.lang = lang;
  // Lists hold words the gateway wrote in the old language (actions, reasons, class names): read them again.
  void queryClient.invalidateQueries();
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
