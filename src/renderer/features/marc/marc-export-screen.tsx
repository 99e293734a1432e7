import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { marcCalls as C, MARC_FLAVOURS, MARC_FORMATS } from '../../../shared/api/marc.ts';
import { useStartJob } from '../../lib/use-start-job.ts';
import { errorText } from '../../kit/data/error-text.ts';

/**
 * /resource-mana/resource/marc-export: the catalogue (all, a class or a batch) as ISO 2709 or
 * MARCXML, MARC 21 or CNMARC, UTF-8; a job whose file appears in the download panel.
 */
export default function MarcExportScreen() {
  const { t } = useTranslation(['marc', 'validation']);
  const [flavour, setFlavour] = useState<(typeof MARC_FLAVOURS)[number]>('unimarc');
  const [format, setFormat] = useState<(typeof MARC_FORMATS)[number]>('iso2709');
  const [classNo, setClassNo] = useState('');
  const [withCopies, setWithCopies] = useState(true);
  const start = useStartJob(C.export);
  return (
    <Stack spacing={2} sx={{ p: 2, maxWidth: 900 }}>
      <Typography variant="h6" component="h1">{t('export.heading')}</Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>{t('export.hint')}</Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
          <TextField select size="small" sx={{ minWidth: 200 }} label={t('validation:fields.Flavour')} value={flavour} onChange={(e) => setFlavour(e.target.value as typeof flavour)}>
            <MenuItem value="unimarc">CNMARC (UNIMARC)</MenuItem>
            <MenuItem value="marc21">MARC 21</MenuItem>
          </TextField>
          <TextField select size="small" sx={{ minWidth: 200 }} label={t('validation:fields.Format')} value={format} onChange={(e) => setFormat(e.target.value as typeof format)}>
            <MenuItem value="iso2709">ISO 2709 (.mrc)</MenuItem>
            <MenuItem value="marcxml">MARCXML (.xml)</MenuItem>
          </TextField>
          <TextField size="small" sx={{ width: 260 }} label={t('export.classNo')} value={classNo} onChange={(e) => setClassNo(e.target.value.trim())} helperText={t('export.classHint')}
            slotProps={{ htmlInput: { 'data-testid': 'marc-export-class' } }} />
          <FormControlLabel control={<Switch checked={withCopies} onChange={(e) => setWithCopies(e.target.checked)} />} label={t('validation:fields.WithCopies')} />
        </Stack>
        {start.error && <Alert severity="error" sx={{ mt: 2 }}>{errorText(t, start.error)}</Alert>}
        {start.isSuccess && <Alert severity="success" sx={{ mt: 2 }} data-testid="marc-export-started">{t('export.started')}</Alert>}
        <Button sx={{ mt: 2 }} variant="contained" disabled={start.isPending} data-testid="marc-export"
          onClick={() => start.mutate({ Flavour: flavour, Format: format, WithCopies: withCopies, ...(classNo ? { ClassNo: classNo } : {}) })}>
          {t('export.start')}
        </Button>
      </Paper>
    </Stack>
  );
}
