import type { ScreenEntry } from '../components/screen-types.ts';
import { frontScreens } from './front-screens.ts';
import { staffScreens } from './staff-screens.ts';

/**
 * Every route of shared/spec/routes.json, once, in one typed array: it generates the hash routes,
 * tab titles, guards and the menu merge. Planned screens render PlannedScreen and say so.
 */
export const screenRegistry: readonly ScreenEntry[] = [...frontScreens, ...staffScreens];

const byPath = new Map(screenRegistry.map((e) => [e.path, e]));

export function findScreen(path: string): ScreenEntry | undefined {
  return byPath.get(path);
}
