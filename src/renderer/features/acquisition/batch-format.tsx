import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import EditNoteOutlined from '@mui/icons-material/EditNoteOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import type { Batch } from '../../../shared/api/acquisition.ts';
import type { BatchState } from '../../../shared/domain/batch-rules.ts';

// Grouped by thousands as the grid shows counts (and as Chinese ledgers write amounts too).
const MONEY = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const COUNT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** Money as the ledgers show it: always 2 decimals, thousands grouped. */
export const money = (v: unknown): string => (typeof v === 'number' && Number.isFinite(v) ? MONEY.format(v) : '');

/** A count of copies, grouped like the grid's number columns. */
export const count = (v: unknown): string => (typeof v === 'number' && Number.isFinite(v) ? COUNT.format(v) : '');

/** A discount rate is the percent of the list price paid. */
export const percent = (v: unknown): string => (typeof v === 'number' && Number.isFinite(v) ? `${v}%` : '');

// The icon tells the states apart at a glance; the text stays the theme's body colour, so the
// chip never depends on a coloured background for contrast.
const ICONS = { open: EditNoteOutlined, accepted: CheckCircleOutlined, closed: LockOutlined } as const;
const ICON_COLOR = { open: 'action', accepted: 'success', closed: 'action' } as const;

export function BatchStateChip({ state }: { state: BatchState }) {
  const { t } = useTranslation('acquisition');
  const Icon = ICONS[state];
  return (
    <Chip
      size="small"
      variant="outlined"
      icon={<Icon fontSize="small" color={ICON_COLOR[state]} aria-hidden />}
      label={t(`resources.batch.options.State.${state}`)}
      data-testid={`batch-state-${state}`}
    />
  );
}

/** A record's name in the language shown: the English one when there is one. */

/** The newer of two copies of a batch (a list row and a cached GetBatchInfo / SetBatchState reply). */
export function newer(row: Batch, other: Batch | undefined): Batch {
  return other && other.ID === row.ID && other.UpdateTime > row.UpdateTime ? other : row;
}
