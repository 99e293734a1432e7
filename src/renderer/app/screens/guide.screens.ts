import { defineGroup } from '../screen-entry.ts';

const guide = { area: 'guide', group: 'guide', login: false } as const;

/** Routes of the 'guide' group of shared/spec/routes.json (area guide), in blocks by the feature strings they need. */
export const guideScreens = [
  ...defineGroup({ ...guide, namespaces: ['search', 'guide', 'validation'] }, {
    '/guidescreen': () => import('../../features/guide/guide-home-screen.tsx'),
    '/guidescreen/search': () => import('../../features/search/guide-search-screen.tsx'),
    '/guidescreen/advancedsearch': () => import('../../features/search/advanced-search-screen.tsx'),
    '/guidescreen/searchdetail': () => import('../compose/guide-title-page.tsx'),
    '/guidescreen/newbook': () => import('../../features/search/new-books-screen.tsx'),
    '/guidescreen/hotBook': () => import('../../features/search/hot-books-screen.tsx'),
    '/guidescreen/schoolNews': () => import('../../features/search/news-list-screen.tsx'),
    '/guidescreen/newsDetail': () => import('../../features/search/news-detail-screen.tsx'),
  }),
  // Borrowing statistics and the reader's own card page.
  ...defineGroup({ ...guide, namespaces: ['search', 'guide', 'validation'] }, {
    '/guidescreen/brstatistic': () => import('../../features/guide/borrow-statistics-screen.tsx'),
    '/guidescreen/userinfo': () => import('../../features/guide/reader-card-screen.tsx'),
  }),
  // School activities.
  ...defineGroup({ ...guide, namespaces: ['search', 'guide', 'activities', 'validation'] }, {
    '/guidescreen/schoolactivity': () => import('../../features/activities/guide-activity-list-screen.tsx'),
    '/guidescreen/activitytask': () => import('../../features/activities/guide-activity-task-screen.tsx'),
    '/guidescreen/activitydetaildoing': () => import('../../features/activities/guide-activity-doing-screen.tsx'),
    '/guidescreen/activitydetailend': () => import('../../features/activities/guide-activity-ended-screen.tsx'),
  }),
];
