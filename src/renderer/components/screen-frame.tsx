import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import type { ScreenEntry } from './screen-types.ts';

/**
 * Root of every routed screen: stable hooks for the end-to-end test
 * (data-testid="screen-<path>", data-status="built|planned", data-access="allowed|denied").
 */
export function ScreenFrame({ entry, denied = false, children }: { entry: ScreenEntry; denied?: boolean; children: ReactNode }) {
  return (
    <Box
      component="section"
      data-testid={`screen-${entry.path}`}
      data-status={entry.status}
      data-access={denied ? 'denied' : 'allowed'}
      sx={{ minHeight: '100%' }}
    >
      {children}
    </Box>
  );
}
