import type { ReactNode } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

export interface Fact {
  key: string;
  label: string;
  value: ReactNode;
  /** On the value (dd), for tests: e.g. `batch-detail-Note`. */
  testId?: string;
}

/** A detail's facts as a definition list: a small grey label over each value. */
export function FactList({ facts, mb }: { facts: readonly Fact[]; mb?: number }) {
  return (
    <Stack component="dl" spacing={1} sx={{ m: 0, mb }}>
      {facts.map((f) => (
        <div key={f.key}>
          <Typography component="dt" variant="caption" color="text.secondary">{f.label}</Typography>
          <Typography component="dd" sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid={f.testId}>{f.value}</Typography>
        </div>
      ))}
    </Stack>
  );
}
