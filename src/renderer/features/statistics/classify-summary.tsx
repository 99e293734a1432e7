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
  const { t, i18n } = useTranslation('statistics');
  const n = (v: number) => v.toLocaleString(i18n.language);
  // A class is judged by its part: name each part short of its share once.
  const shortParts = [...new Map(data.List.filter((r) => r.Short).map((r) => [r.Part || r.Name, { name: r.Part || `${r.Code} ${r.Name}`, pct: r.PartPct, std: r.StandardPct }])).values()];
  const perStudentShort = data.Students > 0 && data.PerStudent < data.StandardPerStudent;
  return (
    <Card variant="outlined" data-testid="classify-summary">
      <CardContent>
        <Stack spacing={1}>
          <Typography variant="subtitle1" component="h2">{t('classify.heading', { stage: t(`classify.stage.${data.Stage}`) })}</Typography>
          <Typography data-testid="classify-per-student">
            {t('classify.perStudent', { copies: n(data.Copies), titles: n(data.Titles), students: n(data.Students), per: data.PerStudent, standard: data.StandardPerStudent })}
          </Typography>
          {perStudentShort && <Alert severity="warning" data-testid="classify-short-per-student">{t('classify.perStudentShort', { gap: Math.round((data.StandardPerStudent - data.PerStudent) * 10) / 10, need: n(Math.max(0, Math.ceil(data.StandardPerStudent * data.Students - data.Copies))) })}</Alert>}
          {shortParts.length > 0 && (
            <Alert severity="warning" data-testid="classify-short-parts">
              {t('classify.partsShort', { parts: shortParts.map((p) => `${p.name} ${p.pct}% < ${p.std}%`).join(t('classify.separator')) })}
            </Alert>
          )}
          <Typography variant="caption" color="text.secondary">{t('classify.source', { source: data.Source })}</Typography>
        </Stack>
      </CardContent>
    </Card>
  );
}
