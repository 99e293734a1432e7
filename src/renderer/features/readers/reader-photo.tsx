import { useTranslation } from 'react-i18next';
import Avatar from '@mui/material/Avatar';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import { apiUrl } from '../../lib/api-client.ts';

/** A reader's photo from its signed address (an <img> needs no token), or a placeholder. */
export function ReaderPhoto({ url, size = 96 }: { url: string; size?: number }) {
  const { t } = useTranslation('readers');
  return (
    <Avatar
      variant="rounded"
      src={url ? apiUrl(url) : undefined}
      alt={url ? t('photo.alt') : t('photo.none')}
      sx={{ width: size, height: size }}
      slotProps={{ img: { 'data-testid': 'reader-photo-img' } as object }}
      data-testid="reader-photo"
    >
      <PersonOutlined sx={{ fontSize: size / 2 }} />
    </Avatar>
  );
}
