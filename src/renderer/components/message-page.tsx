import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** A centred, friendly message with actions (error pages, sign-in states, planned screens). */
export function MessagePage({ icon, title, body, actions, testId }: {
  icon?: ReactNode;
  title: ReactNode;
  body?: ReactNode;
  actions?: ReactNode;
  testId?: string;
}) {
  return (
    <Box data-testid={testId} sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: 320, p: 4 }}>
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', maxWidth: 560 }}>
        {icon}
        <Typography variant="h5" component="h1">{title}</Typography>
        {body != null && <Typography color="text.secondary" component="div">{body}</Typography>}
        {actions != null && <Stack direction="row" spacing={1}>{actions}</Stack>}
      </Stack>
    </Box>
  );
}
