import Box from '@mui/material/Box';

/**
 * A horizontal bar drawn with CSS: the kiosk shows rankings without a chart library (its first
 * load stays small) and a bar this thick reads from across the room. `share` is 0..1 of the widest.
 */
export function RankBar({ share, height = 14, color = 'primary.main' }: { share: number; height?: number; color?: string }) {
  const pct = Math.max(0, Math.min(1, share)) * 100;
  return (
    <Box aria-hidden sx={{ height, borderRadius: height / 2, bgcolor: 'action.hover', overflow: 'hidden' }}>
      <Box sx={{ width: `${pct}%`, minWidth: pct > 0 ? height : 0, height: '100%', borderRadius: height / 2, bgcolor: color }} />
    </Box>
  );
}

/** A local day (YYYY-MM-DD) as the page's language writes a short date, whatever the kiosk's zone. */
export function shortDay(day: string, lang: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? day : d.toLocaleDateString(lang, { timeZone: 'UTC', month: 'short', day: 'numeric' });
}
