import type { ScreenEntry } from '../components/screen-types.ts';
import { publicScreens } from './screens/public.screens.ts';
import { homeSystemScreens } from './screens/home-system.screens.ts';
import { basicSetsScreens } from './screens/basic-sets.screens.ts';
import { peopleScreens } from './screens/people.screens.ts';
import { borrowRulesScreens } from './screens/borrow-rules.screens.ts';
import { catalogueScreens } from './screens/catalogue.screens.ts';
import { printingScreens } from './screens/printing.screens.ts';
import { circulationScreens } from './screens/circulation.screens.ts';
import { lossScreens } from './screens/loss.screens.ts';
import { magazinesScreens } from './screens/magazines.screens.ts';
import { unionScreens } from './screens/union.screens.ts';
import { reviewsPointsScreens } from './screens/reviews-points.screens.ts';
import { reportsScreens } from './screens/reports.screens.ts';
import { ledgersScreens } from './screens/ledgers.screens.ts';
import { classCornerScreens } from './screens/class-corner.screens.ts';
import { readingOtherScreens } from './screens/reading-other.screens.ts';
import { smartShelfScreens } from './screens/smart-shelf.screens.ts';
import { errorsScreens } from './screens/errors.screens.ts';
import { portalScreens } from './screens/portal.screens.ts';
import { guideScreens } from './screens/guide.screens.ts';

/**
 * Every route of shared/spec/routes.json, once, in one typed array: it generates the hash routes,
 * tab titles, guards and the menu merge. Planned screens render PlannedScreen and say so.
 */
export const screenRegistry: readonly ScreenEntry[] = [
  ...publicScreens,
  ...homeSystemScreens,
  ...basicSetsScreens,
  ...peopleScreens,
  ...borrowRulesScreens,
  ...catalogueScreens,
  ...printingScreens,
  ...circulationScreens,
  ...lossScreens,
  ...magazinesScreens,
  ...unionScreens,
  ...reviewsPointsScreens,
  ...reportsScreens,
  ...ledgersScreens,
  ...classCornerScreens,
  ...readingOtherScreens,
  ...smartShelfScreens,
  ...errorsScreens,
  ...portalScreens,
  ...guideScreens,
];

const byPath = new Map(screenRegistry.map((e) => [e.path, e]));

export function findScreen(path: string): ScreenEntry | undefined {
  return byPath.get(path);
}

/** Redirects of routes.json. */
export const REDIRECTS = { '/': '/home', '/login': '/data-analysis', '/home': '/data-analysis' } as const;
export const NOT_FOUND_PATH = '/404';
