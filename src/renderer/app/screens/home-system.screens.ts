import { defineGroup } from '../screen-entry.ts';

/** Routes of the 'home-system' group of shared/spec/routes.json (area admin). */
export const homeSystemScreens = defineGroup({ area: 'admin', group: 'home-system', login: true }, {
  '/data-analysis': () => import('../../features/home/data-analysis-screen.tsx'),
  '/sys/transition': null,
  '/sys/company': null,
  '/sys/menu': null,
  '/sys/log/operation': () => import('../../features/operation-log/operation-log-screen.tsx'),
  '/setting': () => import('../compose/setting-page.tsx'),
  '/basic-config': null,
  '/update-log': null,
  '/feedback': null,
  '/process': () => import('../../features/process/process-screen.tsx'),
  '/redirect': () => import('../../features/system/redirect-screen.tsx'),
  '/iframe': () => import('../../features/system/iframe-screen.tsx'),
  '/error': () => import('../../features/errors/admin-error-screen.tsx'),
  '/sip2': null,
});
