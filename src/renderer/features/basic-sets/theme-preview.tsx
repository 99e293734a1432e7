import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ThemeColor } from '../../../shared/api/session.ts';

const HEX = /^#[0-9a-fA-F]{6}$/;

/** Live preview of the unit's theme: the shell's header bar (bgColor) and a primary button (btColor). */
export function ThemePreview({ theme, schoolName }: { theme: ThemeColor; schoolName: string }) {
  const { t } = useTranslation('basic-sets');
  const bg = HEX.test(theme.bgColor) ? theme.bgColor : '#777777';
  const bt = HEX.test(theme.btColor) ? theme.btColor : '#777777';
  return (
    <Box data-testid="theme-preview" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden', width: 320 }}>
      <Box data-testid="theme-preview-bar" sx={{ bgcolor: bg, color: '#fff', px: 2, py: 1 }}>
        <Typography variant="subtitle2">{schoolName || t('basicInfo.previewTitle')}</Typography>
      </Box>
      <Box sx={{ p: 2 }}>
        <Button variant="contained" size="small" sx={{ bgcolor: bt, '&:hover': { bgcolor: bt } }} tabIndex={-1}>
          {t('basicInfo.previewButton')}
        </Button>
      </Box>
    </Box>
  );
}
