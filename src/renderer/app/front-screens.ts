import type { ScreenEntry } from '../components/screen-types.ts';
import { publicScreens } from './screens/public.screens.ts';
import { portalScreens } from './screens/portal.screens.ts';
import { guideScreens } from './screens/guide.screens.ts';

/**
 * The routes that open without the admin frame: the no-login pages, the portal and the guide
 * kiosk. They are in the first load; the staff routes come when a path needs them (routes.tsx),
 * so a reader's phone never loads the 200 staff routes' data.
 */
export const frontScreens: readonly ScreenEntry[] = [...publicScreens, ...portalScreens, ...guideScreens];
