import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { EditingConfigForm } from './editing-config-form.tsx';
import { BarcodeSequencesPanel } from './barcode-sequences-panel.tsx';
import { CaptureSourcesPanel } from '../capture/capture-sources-panel.tsx';

/** /book-editing-rule: the school's cataloguing settings, its barcode sequences and its capture sources. */
export default function EditingRuleScreen() {
  const { t } = useTranslation('screens');
  return (
    <Stack spacing={2} sx={{ p: 2, maxWidth: 1200 }}>
      <Typography variant="h5" component="h1">{t('titles./book-editing-rule')}</Typography>
      <EditingConfigForm />
      <BarcodeSequencesPanel />
      <CaptureSourcesPanel />
    </Stack>
  );
}
