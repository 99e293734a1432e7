import { defineGroup } from '../screen-entry.ts';

/** Routes of the 'reviews-points' group of shared/spec/routes.json (area admin). */
export const reviewsPointsScreens = defineGroup({ area: 'admin', group: 'reviews-points', login: true }, {
  '/bookreview': null,
  '/bookreview-setting': null,
  '/integral-point': null,
  '/integral-rules': null,
  '/integral-record': null,
  '/email': null,
});
