import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';
import { darken, lighten, type Theme } from '@mui/material/styles';
import type { PublicCopyState } from '../../../shared/api/search.ts';

type Tone = 'success' | 'warning' | 'info' | 'default';
/**
 * Outlined chips in a tone's colour, its text darkened (lightened in dark mode) to 4.5:1 or more:
 * MUI's own warning and info colours on white are about 3:1, too faint for small text.
 */
function tone(t: Tone) {
  if (t === 'default') return {};
  return {
    color: (theme: Theme) => (theme.palette.mode === 'light' ? darken(theme.palette[t].main, 0.4) : lighten(theme.palette[t].main, 0.4)),
    borderColor: `${t}.main`,
  };
}

/** "2 of 3 on the shelf" for a title: green when one can be taken now, amber when all are out. */
export function TitleAvailability({ copies, available, holds }: { copies: number; available: number; holds: number }) {
  const { t } = useTranslation('search');
  const label = copies === 0 ? t('availability.noCopies') : available > 0 ? t('availability.some', { available, copies }) : t('availability.none', { copies });
  return (
    <>
      <Chip size="small" variant="outlined" sx={tone(copies === 0 ? 'default' : available > 0 ? 'success' : 'warning')} label={label} data-testid="title-availability" />
      {holds > 0 && <Chip size="small" variant="outlined" label={t('availability.holds', { count: holds })} sx={{ ml: 0.5 }} />}
    </>
  );
}

const STATE_COLOR: Record<PublicCopyState, Tone> = {
  available: 'success',
  onLoan: 'warning',
  onHoldShelf: 'info',
  inLibraryOnly: 'info',
  processing: 'default',
  unavailable: 'default',
};

export function CopyStateChip({ state, due }: { state: PublicCopyState; due: string | null }) {
  const { t } = useTranslation('search');
  const label = state === 'onLoan' && due ? t('copyState.onLoanDue', { due }) : t(`copyState.${state}`);
  // On the shelf is the one state a reader looks for: filled, in a green dark enough for white text.
  if (state === 'available') return <Chip size="small" label={label} sx={{ bgcolor: (theme: Theme) => darken(theme.palette.success.main, 0.2), color: '#fff' }} data-testid={`copy-state-${state}`} />;
  return <Chip size="small" variant="outlined" sx={tone(STATE_COLOR[state])} label={label} data-testid={`copy-state-${state}`} />;
}
