import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { inLanguage, useLibraryProfile } from './library-info-queries.ts';
import { OpeningHours } from './opening-hours.tsx';
import { PictureGallery } from './picture-gallery.tsx';
import { LibraryLinks } from './library-links.tsx';

function Section({ title, children, testId }: { title: string; children: React.ReactNode; testId: string }) {
  return (
    <Paper variant="outlined" component="section" sx={{ p: 2 }} data-testid={testId}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>{title}</Typography>
      {children}
    </Paper>
  );
}

/**
 * /libraryinfo: the library's public profile, no sign-in: introduction, the week's hours with
 * today marked and whether it is open now, where it is and how to reach it, the reading rules
 * and its pictures. The school comes from ?school=CODE or the picker (app/compose wraps the gate).
 */
export default function LibraryInfoScreen() {
  const { t, i18n } = useTranslation('library-info');
  const profile = useLibraryProfile();
  const lang = i18n.language;
  if (profile.isPending) return <Skeleton variant="rectangular" height={320} />;
  // No profile at all (a gateway without this call answers null) reads as a failure, not a crash.
  if (profile.isError || !profile.data) return <Alert severity="error">{t('failed')}</Alert>;
  const p = profile.data;
  const name = inLanguage(lang, p.SchoolName, p.SchoolEnName);
  const intro = inLanguage(lang, p.Intro, p.EnIntro);
  const rules = inLanguage(lang, p.Rules, p.EnRules);
  return (
    <Stack spacing={2} sx={{ maxWidth: 1100, mx: 'auto' }} data-testid="library-info">
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2.125rem' } }}>{t('about.heading', { school: name })}</Typography>
      {intro && <Typography sx={{ whiteSpace: 'pre-line' }} data-testid="library-intro">{intro}</Typography>}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Section title={t('hours.title')} testId="section-hours">
            <OpeningHours hours={p.Hours} note={inLanguage(lang, p.HoursNote, p.EnHoursNote)} />
          </Section>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Section title={t('about.contact')} testId="section-contact">
            <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1, '& dt': { color: 'text.secondary' }, '& dd': { m: 0, overflowWrap: 'anywhere' } }}>
              {p.Address && <><dt>{t('about.address')}</dt><dd>{p.Address}</dd></>}
              {p.Phone && <><dt>{t('about.phone')}</dt><dd><Link href={`tel:${p.Phone.replace(/[^0-9+]/g, '')}`}>{p.Phone}</Link></dd></>}
              {p.Email && <><dt>{t('about.email')}</dt><dd><Link href={`mailto:${p.Email}`}>{p.Email}</Link></dd></>}
            </Box>
            {!p.Address && !p.Phone && !p.Email && <Typography color="text.secondary">{t('about.noContact')}</Typography>}
          </Section>
        </Grid>
      </Grid>
      {rules && (
        <Section title={t('about.rules')} testId="section-rules">
          <Typography sx={{ whiteSpace: 'pre-line' }}>{rules}</Typography>
        </Section>
      )}
      {p.Pictures.length > 0 && (
        <Section title={t('gallery.title')} testId="section-pictures">
          <PictureGallery pictures={p.Pictures} />
        </Section>
      )}
      <LibraryLinks current="/libraryinfo" />
    </Stack>
  );
}
