import { bridge } from '../lib/bridge.ts';
import { applyServerTranslations, initI18n, loadFeatureNamespaces, SHELL_NAMESPACES } from '../lib/i18n.ts';
import { resolveInitialLanguage, isLanguage } from '../lib/language.ts';
import { applyMobileHeightRule } from '../lib/device.ts';
import { LOCAL_KEYS, sessionStore } from '../lib/session-store.ts';
import { restoreTokens } from '../lib/token-keeper.ts';
import { themeModeStore } from '../lib/ui-settings.ts';
import { setScreenPreload } from './screen-preload.ts';
import type { StationInfo } from './offline-station.tsx';

/** What the first render needs to know: set when the desk opened as an offline label station. */
export interface StartupResult { offline: StationInfo | null }

/**
 * Everything that must happen once before the first render. The api client, zod and the contract
 * are not part of it: a browser's first screen (the portal's /search) paints while they load, and
 * its data waits for them (api-client.ts is imported on first use).
 */
export async function startup(root: HTMLElement): Promise<StartupResult> {
  // In the desktop app the gateway may be remote (or the embedded one on a free port); the app
  // loads from disk there, so waiting for the client costs nothing.
  const address = await bridge.getGatewayAddress();
  if (address.ok) (await import('../lib/api-client.ts')).configureApiClient({ baseUrl: address.data.url });

  let lang = resolveInitialLanguage();
  const settings = await bridge.getSettings();
  if (settings.ok) {
    if (isLanguage(settings.data.language) && localStorage.getItem(LOCAL_KEYS.language) == null) lang = settings.data.language;
    if (localStorage.getItem(LOCAL_KEYS.theme) == null) themeModeStore.set(settings.data.theme);
  }
  initI18n(lang);
  // Feature strings load alongside the first screen, and every built screen waits for its own
  // (screen-entry.ts). Only the Chinese shell is bundled: in another language the shell waits.
  setScreenPreload((namespaces) => loadFeatureNamespaces(undefined, namespaces));
  // (Should the chunks fail to load, the Chinese strings stand in.)
  if (lang !== 'zh-CN') await loadFeatureNamespaces(lang, SHELL_NAMESPACES).catch(() => undefined);
  document.documentElement.lang = lang;
  // The desktop's tokens are main's: this window takes the access token (and after a restart the
  // kept staff session resumes), before any screen asks who is signed in. A reader's portal session
  // is whole in the tab's storage; only a staff session without its user needs the gateway.
  if ((!address.ok || !address.data.offline) && (await restoreTokens())) {
    const s = sessionStore.get();
    if (!s.user && s.searchSchool == null) await (await import('../lib/auth-flow.ts')).loadResumedSession();
  }
  applyMobileHeightRule(root);
  return { offline: address.ok ? address.data.offline ?? null : null };
}

/**
 * Server-side string overrides, merged after the first render (never blocks the shell). Search/
 * Translation answers every override to a signed-in user and only the pre-sign-in pages' ones
 * without a token; the paged Config/GetTranslation is the administrators' list.
 */
export async function loadServerTranslations(): Promise<void> {
  try {
    const [{ call }, { translationCalls }] = await Promise.all([import('../lib/api-client.ts'), import('../../shared/api/translation.ts')]);
    const list = await call(translationCalls.searchTranslation, {}, { toast: false });
    applyServerTranslations(list);
  } catch {
    // The bundled strings stay in force.
  }
}
