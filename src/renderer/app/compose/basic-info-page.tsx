import BasicInfoScreen from '../../features/basic-sets/basic-info-screen.tsx';
import { ProfileEditor } from '../../features/library-info/profile-editor.tsx';
import { BridgePlatformsSection } from '../../features/connect/bridge-platforms-section.tsx';

/** /library/basic-info: the unit's settings (features/basic-sets), then the library's public profile (features/library-info), then the school platforms that may sign users in (features/connect). */
export default function BasicInfoPage() {
  return (
    <>
      <BasicInfoScreen />
      <ProfileEditor />
      <BridgePlatformsSection />
    </>
  );
}
