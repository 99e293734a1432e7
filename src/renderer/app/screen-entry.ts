import type { ScreenArea, ScreenEntry, ScreenModule } from '../components/screen-types.ts';
import { screenPreload } from './screen-preload.ts';

const loadPlanned = (): Promise<ScreenModule> => import('../components/planned-screen.tsx');

/**
 * Declares one group of routes: a path maps to its lazy screen module, or to null when the screen
 * is planned (it then renders the shared PlannedScreen and is marked `planned`). `namespaces`:
 * the feature strings the group's screens use (the portal and the kiosk name theirs to keep their
 * first load small); admin screens load all of them.
 */
export function defineGroup(
  base: { area: ScreenArea; group: string; login: boolean; namespaces?: readonly string[] },
  screens: Record<string, (() => Promise<ScreenModule>) | null>,
): ScreenEntry[] {
  const { namespaces, ...entry } = base;
  return Object.entries(screens).map(([path, load]) => ({
    path,
    ...entry,
    titleKey: `screens:titles.${path}`,
    status: load ? 'built' : 'planned',
    // A built screen renders only once its feature strings exist in the current language.
    load: load ? () => Promise.all([load(), screenPreload(namespaces)]).then(([m]) => m) : loadPlanned,
  }));
}
