import { defineGroup } from '../screen-entry.ts';

/** Routes of the 'portal' group of shared/spec/routes.json (area portal). */
export const portalScreens = defineGroup({ area: 'portal', group: 'portal', login: false }, {
  '/search': null,
  '/search/personal': null,
  '/search/book': null,
  '/search/libpic': null,
  '/user/circulation': null,
  '/user/integral': null,
  '/search/book/details': null,
  '/search/recommend': null,
  '/search/newslist': null,
  '/search/newsdetail': null,
  '/search/recentnewbook': null,
  '/search/NewBookAnnouncement': null,
  '/search/networkresource': null,
  '/search/themeList': null,
  '/search/themeList/details': null,
  '/search/themeList/activity-details': null,
  '/transition': null,
  '/advancedsearch': null,
});
