import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ClassifyData } from '../../../shared/api/statistics.ts';

/**
 * What a principal looks for first: copies per student beside the regulation's minimum for the
 * school's learning stage, and the parts whose share is below the regulation's.
 */
export function ClassifySummary({ data }: { data: ClassifyData }) {
  const { t } = useTranslation('statistics');
  const shortParts = data.List.filter((r) => r.Short);
  const perStudentShort = data.Students > 0 && data.PerStudent < data.StandardPerStudent;
  return (
    <Card variant="outlined" data-testid="classify-summary">
      <CardContent>
        <Stack spacing={1}>
          <Typography variant="subtitle1" component="h2">{t('classify.heading', { stage: t(`classify.stage.${data.Stage}`) })}</Typography>
          <Typography data-testid="classify-per-student">
            {t('classify.perStudent', { copies: data.Copies, titles: data.Titles, students: data.Students, per: data.PerStudent, standard: data.StandardPerStudent })}
          </Typography>
          {perStudentShort && <Alert severity="warning" data-testid="classify-short-per-student">{t('classify.perStudentShort', { gap: Math.round((data.StandardPerStudent - data.PerStudent) * 10) / 10, need: Math.max(0, Math.ceil(data.StandardPerStudent * data.Students - data.Copies)) })}</Alert>}
          {shortParts.length > 0 && (
            <Alert severity="warning" data-testid="classify-short-parts">
              {t('classify.partsShort', { parts: shortParts.map((r) => `${r.Code} ${r.Name} ${r.PartPct}% < ${r.StandardPct}%`).join('；') })}
            </Alert>
          )}
          <Typography variant="caption" color="text.secondary">{t('classify.source', { source: data.Source })}</Typography>
        </Stack>
      </CardContent>
    </Card>
  );
}
