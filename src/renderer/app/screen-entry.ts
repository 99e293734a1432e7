import type { ScreenArea, ScreenEntry, ScreenModule } from '../components/screen-types.ts';
import { screenPreload } from './screen-preload.ts';

const loadPlanned = (): Promise<ScreenModule> => import('../components/planned-screen.tsx');

/**
 * Declares one group of routes: a path maps to its lazy screen module, or to null when the screen
 * is planned (it then renders the shared PlannedScreen and is marked `planned`).
 */
export function defineGroup(
  base: { area: ScreenArea; group: string; login: boolean },
  screens: Record<string, (() => Promise<ScreenModule>) | null>,
): ScreenEntry[] {
  return Object.entries(screens).map(([path, load]) => ({
    path,
    ...base,
    titleKey: `screens:titles.${path}`,
    status: load ? 'built' : 'planned',
    // A built screen renders only once its feature strings exist in the current language.
    load: load ? () => Promise.all([load(), screenPreload()]).then(([m]) => m) : loadPlanned,
  }));
}
