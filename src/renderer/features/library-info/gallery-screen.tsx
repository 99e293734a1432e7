import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLibraryProfile } from './library-info-queries.ts';
import { PictureGallery } from './picture-gallery.tsx';
import { LibraryLinks } from './library-links.tsx';

/** /search/libpic: the library's pictures; a tap enlarges one. */
export default function GalleryScreen() {
  const { t } = useTranslation('library-info');
  const profile = useLibraryProfile();
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">{t('gallery.title')}</Typography>
      {profile.isPending && <Skeleton variant="rectangular" height={240} />}
      {profile.isError && <Alert severity="error">{t('failed')}</Alert>}
      {profile.data?.Pictures.length === 0 && <Alert severity="info">{t('gallery.none')}</Alert>}
      {profile.data && <PictureGallery pictures={profile.data.Pictures} />}
      <LibraryLinks current="/search/libpic" />
    </Stack>
  );
}
