import type { ScreenEntry } from '../components/screen-types.ts';
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

/**
 * The staff side of the registry: every route under the admin frame (and /404, which it frames).
 * Not part of the first load: the router adds these routes when a path needs them (routes.tsx).
 */
export const staffScreens: readonly ScreenEntry[] = [
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
];
