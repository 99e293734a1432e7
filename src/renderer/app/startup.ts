import { z } from 'zod';
import { translationCalls } from '../../shared/api/translation.ts';
import { call, configureApiClient } from '../lib/api-client.ts';
import { installAuthHandlers, resumeSession } from '../lib/auth-flow.ts';
import { bridge } from '../lib/bridge.ts';
import { applyServerTranslations, initI18n, loadFeatureNamespaces, SHELL_NAMESPACES } from '../lib/i18n.ts';
import { resolveInitialLanguage, isLanguage } from '../lib/language.ts';
import { applyMobileHeightRule } from '../lib/device.ts';
import { LOCAL_KEYS } from '../lib/session-store.ts';
import { themeModeStore } from '../lib/ui-settings.ts';
import { setScreenPreload } from './screen-preload.ts';
import type { StationInfo } from './offline-station.tsx';

/** What the first render needs to know: set when the desk opened as an offline label station. */
export interface StartupResult { offline: StationInfo | null }

/** Everything that must happen once before the first render. */
export async function startup(root: HTMLElement): Promise<StartupResult> {
  // The CSP has no 'unsafe-eval': zod must not compile validators with new Function.
  z.config({ jitless: true });

  // In the desktop app the gateway may be remote (or the embedded one on a free port).
  const address = await bridge.getGatewayAddress();
  if (address.ok) configureApiClient({ baseUrl: address.data.url });

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
  installAuthHandlers();
  // The desktop's tokens are main's: this window takes the access token (and after a restart the
  // kept staff session resumes), before any screen asks who is signed in.
  if (!address.ok || !address.data.offline) await resumeSession();
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
    const list = await call(translationCalls.searchTranslation, {}, { toast: false });
    applyServerTranslations(list);
  } catch {
    // The bundled strings stay in force.
  }
}
