import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import InboxOutlined from '@mui/icons-material/InboxOutlined';

/** "Nothing here yet", with an optional action (add the first row, clear the filters). */
export function EmptyState({ message, action }: { message?: string; action?: ReactNode }) {
  const { t } = useTranslation('kit');
  return (
    <Stack data-testid="kit-empty" spacing={1} sx={{ alignItems: 'center', justifyContent: 'center', height: '100%', minHeight: 120, py: 3, color: 'text.secondary' }}>
      <InboxOutlined fontSize="large" color="disabled" />
      <Typography variant="body2">{message ?? t('empty')}</Typography>
      {action}
    </Stack>
  );
}
