import EditingRuleScreen from '../../features/catalogue/editing-rule-screen.tsx';
import { CaptureSourcesPanel } from '../../features/capture/capture-sources-panel.tsx';

/** /book-editing-rule with the school's capture sources (features/capture) below the cataloguing rules. */
export default function EditingRulePage() {
  return <EditingRuleScreen sources={<CaptureSourcesPanel />} />;
}
