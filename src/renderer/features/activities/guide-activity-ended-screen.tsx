import { GuideActivityDetail } from './guide-activity-detail.tsx';

/** /guidescreen/activitydetailend?id=: an ended activity on the kiosk, its results first. */
export default function GuideActivityEndedScreen() {
  return <GuideActivityDetail ended />;
}
