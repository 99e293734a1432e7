import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { LibraryPicture } from '../../../shared/api/library-info.ts';
import { inLanguage } from './library-info-queries.ts';

/**
 * The library's pictures as a grid of thumbnails (two a row on a phone); a tap opens one large
 * with its caption, and Previous/Next step through them without closing.
 */
export function PictureGallery({ pictures }: { pictures: readonly LibraryPicture[] }) {
  const { t, i18n } = useTranslation('library-info');
  const [open, setOpen] = useState<number | null>(null);
  const caption = (p: LibraryPicture) => inLanguage(i18n.language, p.Caption, p.EnCaption);
  const current = open == null ? null : pictures[open];
  return (
    <>
      <Box component="ul" data-testid="gallery" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)', md: 'repeat(4, 1fr)' } }}>
        {pictures.map((p, i) => (
          <li key={p.ID}>
            <ButtonBase
              onClick={() => setOpen(i)}
              aria-label={t('gallery.enlarge', { caption: caption(p) || t('gallery.untitled', { n: i + 1 }) })}
              data-testid={`picture-${p.ID}`}
              sx={{ display: 'block', width: '100%', borderRadius: 1, overflow: 'hidden', textAlign: 'left' }}
            >
              <Box component="img" src={p.Url} alt="" loading="lazy" sx={{ display: 'block', width: '100%', aspectRatio: '4 / 3', objectFit: 'cover', bgcolor: 'action.hover' }} />
              {caption(p) && <Typography variant="body2" sx={{ py: 0.5, px: 0.5 }}>{caption(p)}</Typography>}
            </ButtonBase>
          </li>
        ))}
      </Box>
      <Dialog open={current != null} onClose={() => setOpen(null)} maxWidth="md" fullWidth aria-labelledby="picture-title">
        {current && (
          <>
            <DialogTitle id="picture-title">{caption(current) || t('gallery.untitled', { n: (open ?? 0) + 1 })}</DialogTitle>
            <DialogContent sx={{ px: { xs: 1, sm: 3 } }}>
              <Box component="img" src={current.Url} alt={caption(current)} data-testid="picture-large" sx={{ display: 'block', width: '100%', maxHeight: '70vh', objectFit: 'contain' }} />
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>{t('gallery.position', { n: (open ?? 0) + 1, total: pictures.length })}</Typography>
            </DialogContent>
            <DialogActions>
              <Button disabled={open === 0} onClick={() => setOpen((o) => (o ?? 1) - 1)}>{t('gallery.previous')}</Button>
              <Button disabled={open === pictures.length - 1} onClick={() => setOpen((o) => (o ?? 0) + 1)}>{t('gallery.next')}</Button>
              <Button onClick={() => setOpen(null)} data-testid="picture-close">{t('gallery.close')}</Button>
            </DialogActions>
          </>
        )}
      </Dialog>
    </>
  );
}
