import { GuideActivityDetail } from './guide-activity-detail.tsx';

/** /guidescreen/activitydetaildoing?id=: a running (or coming) activity on the kiosk. */
export default function GuideActivityDoingScreen() {
  return <GuideActivityDetail ended={false} />;
}
