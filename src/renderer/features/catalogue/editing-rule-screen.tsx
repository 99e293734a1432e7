import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { EditingConfigForm } from './editing-config-form.tsx';
import { BarcodeSequencesPanel } from './barcode-sequences-panel.tsx';
import type { ReactNode } from 'react';

/**
 * /book-editing-rule: the school's cataloguing settings, its barcode sequences and (composed in
 * by app/: features do not import each other) its capture sources.
 */
export default function EditingRuleScreen({ sources }: { sources?: ReactNode }) {
  const { t } = useTranslation('screens');
  return (
    <Stack spacing={2} sx={{ p: 2, maxWidth: 1200 }}>
      <Typography variant="h5" component="h1">{t('titles./book-editing-rule')}</Typography>
      <EditingConfigForm />
      <BarcodeSequencesPanel />
      {sources}
    </Stack>
  );
}
