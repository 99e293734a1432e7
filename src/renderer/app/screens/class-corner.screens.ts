import { defineGroup } from '../screen-entry.ts';

/** Routes of the 'class-corner' group of shared/spec/routes.json (area admin). */
export const classCornerScreens = defineGroup({ area: 'admin', group: 'class-corner', login: true }, {
  '/class-booksearch': () => import('../../features/class-corner/class-search-screen.tsx'),
  '/class-borrow-mana': () => import('../../features/class-corner/class-borrow-screen.tsx'),
  '/class-bookuse': () => import('../../features/class-corner/class-usage-screen.tsx'),
  '/class-bookreturn': () => import('../../features/class-corner/class-return-screen.tsx'),
  '/class-ranks': () => import('../../features/class-corner/class-ranks-screen.tsx'),
});
