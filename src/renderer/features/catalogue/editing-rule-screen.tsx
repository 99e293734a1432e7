import Stack from '@mui/material/Stack';
import { EditingConfigForm } from './editing-config-form.tsx';
import { BarcodeSequencesPanel } from './barcode-sequences-panel.tsx';
import { CaptureSourcesPanel } from '../capture/capture-sources-panel.tsx';

/** /book-editing-rule: the school's cataloguing settings, its barcode sequences and its capture sources. */
export default function EditingRuleScreen() {
  return (
    <Stack spacing={2} sx={{ p: 2, maxWidth: 1200 }}>
      <EditingConfigForm />
      <BarcodeSequencesPanel />
      <CaptureSourcesPanel />
    </Stack>
  );
}
