import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import ButtonBase from '@mui/material/ButtonBase';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import FiberNewOutlined from '@mui/icons-material/FiberNewOutlined';
import LocalFireDepartmentOutlined from '@mui/icons-material/LocalFireDepartmentOutlined';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import EmojiEventsOutlined from '@mui/icons-material/EmojiEventsOutlined';
import LeaderboardOutlined from '@mui/icons-material/LeaderboardOutlined';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import type { ReactNode } from 'react';

/** The kiosk's sections that are built; the others appear here when they are. */
const TILES: Array<{ to: string; key: string; icon: ReactNode }> = [
  { to: '/guidescreen/search', key: 'search', icon: <SearchIcon sx={{ fontSize: 64 }} /> },
  { to: '/guidescreen/advancedsearch', key: 'advanced', icon: <ManageSearchIcon sx={{ fontSize: 64 }} /> },
  { to: '/guidescreen/newbook', key: 'newBooks', icon: <FiberNewOutlined sx={{ fontSize: 64 }} /> },
  { to: '/guidescreen/hotBook', key: 'hotBooks', icon: <LocalFireDepartmentOutlined sx={{ fontSize: 64 }} /> },
  { to: '/guidescreen/schoolNews', key: 'news', icon: <CampaignOutlined sx={{ fontSize: 64 }} /> },
  { to: '/guidescreen/schoolactivity', key: 'activities', icon: <EmojiEventsOutlined sx={{ fontSize: 64 }} /> },
  { to: '/guidescreen/brstatistic', key: 'stats', icon: <LeaderboardOutlined sx={{ fontSize: 64 }} /> },
  { to: '/guidescreen/userinfo', key: 'card', icon: <BadgeOutlined sx={{ fontSize: 64 }} /> },
];

/** /guidescreen: the kiosk's start screen, big tiles a child can read from two metres. */
export default function GuideHomeScreen() {
  const { t } = useTranslation('guide');
  return (
    <Stack spacing={4} sx={{ alignItems: 'center', pt: 2 }}>
      <Typography variant="h3" component="h1" sx={{ fontWeight: 600, textAlign: 'center' }}>{t('start.heading')}</Typography>
      <Typography variant="h5" component="p" color="text.secondary" sx={{ textAlign: 'center' }}>{t('start.hint')}</Typography>
      <Grid container spacing={3} sx={{ maxWidth: 1400, width: '100%' }}>
        {TILES.map((tile) => (
          <Grid key={tile.key} size={{ xs: 6, md: 4 }}>
            <Paper variant="outlined" sx={{ height: '100%', borderWidth: 2 }}>
              <ButtonBase component={RouterLink} to={tile.to} data-testid={`guide-tile-${tile.key}`} focusRipple
                sx={{ width: '100%', height: '100%', minHeight: 200, p: 3, flexDirection: 'column', gap: 1.5, color: 'primary.main', borderRadius: 1 }}>
                {tile.icon}
                <Typography variant="h4" component="span" color="text.primary">{t(`start.tiles.${tile.key}`)}</Typography>
                <Typography variant="h6" component="span" color="text.secondary" sx={{ fontWeight: 400 }}>{t(`start.tileHints.${tile.key}`)}</Typography>
              </ButtonBase>
            </Paper>
          </Grid>
        ))}
      </Grid>
    </Stack>
  );
}
