import SettingScreen from '../../features/settings/setting-screen.tsx';
import { RfidSettingsSection } from '../../features/rfid/rfid-settings-section.tsx';

/** /setting with this desk's RFID board (features/rfid) under the general settings. */
export default function SettingPage() {
  return <SettingScreen devices={<RfidSettingsSection />} />;
}
