import { defineGroup } from '../screen-entry.ts';

/** Routes of the 'errors' group of shared/spec/routes.json (area admin). */
export const errorsScreens = defineGroup({ area: 'admin', group: 'errors', login: false }, {
  '/404': () => import('../../features/errors/not-found-screen.tsx'),
});
