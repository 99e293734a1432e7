import { defineGroup } from '../screen-entry.ts';

/** Routes of the 'class-corner' group of shared/spec/routes.json (area admin). */
export const classCornerScreens = defineGroup({ area: 'admin', group: 'class-corner', login: true }, {
  '/class-booksearch': null,
  '/class-borrow-mana': null,
  '/class-bookuse': null,
  '/class-bookreturn': null,
  '/class-ranks': null,
});
