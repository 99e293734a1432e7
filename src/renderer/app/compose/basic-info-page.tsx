import BasicInfoScreen from '../../features/basic-sets/basic-info-screen.tsx';
import { ProfileEditor } from '../../features/library-info/profile-editor.tsx';

/** /library/basic-info: the unit's settings (features/basic-sets), then the library's public profile (features/library-info). */
export default function BasicInfoPage() {
  return (
    <>
      <BasicInfoScreen />
      <ProfileEditor />
    </>
  );
}
