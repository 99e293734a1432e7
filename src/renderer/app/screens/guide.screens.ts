import { defineGroup } from '../screen-entry.ts';

/** Routes of the 'guide' group of shared/spec/routes.json (area guide). */
export const guideScreens = defineGroup({ area: 'guide', group: 'guide', login: false }, {
  '/guidescreen': null,
  '/guidescreen/search': null,
  '/guidescreen/advancedsearch': null,
  '/guidescreen/searchdetail': null,
  '/guidescreen/newbook': null,
  '/guidescreen/hotBook': null,
  '/guidescreen/schoolNews': null,
  '/guidescreen/newsDetail': null,
  '/guidescreen/brstatistic': null,
  '/guidescreen/schoolactivity': null,
  '/guidescreen/activitytask': null,
  '/guidescreen/activitydetaildoing': null,
  '/guidescreen/activitydetailend': null,
  '/guidescreen/userinfo': null,
});
