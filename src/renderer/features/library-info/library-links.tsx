import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';

/** The library's own pages, linked from each of them (the portal's tab bar holds the catalogue's). */
const PAGES = [
  { to: '/libraryinfo', key: 'about' },
  { to: '/search/libpic', key: 'gallery' },
  { to: '/search/networkresource', key: 'resources' },
  { to: '/search/NewBookAnnouncement', key: 'announcements' },
] as const;

export function LibraryLinks({ current }: { current: string }) {
  const { t } = useTranslation('library-info');
  return (
    <Stack component="nav" aria-label={t('links.label')} direction="row" sx={{ flexWrap: 'wrap', gap: 2, pt: 2, borderTop: 1, borderColor: 'divider' }}>
      {PAGES.filter((p) => p.to !== current).map((p) => (
        <Link key={p.to} component={RouterLink} to={p.to} data-testid={`library-link-${p.key}`}>{t(`links.${p.key}`)}</Link>
      ))}
    </Stack>
  );
}
