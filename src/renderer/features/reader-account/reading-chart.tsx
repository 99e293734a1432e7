import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import type { ReadingLine } from '../../../shared/api/reader-account.ts';
import { visuallyHidden } from '../../lib/visually-hidden.ts';

const W = 360;
const H = 150;
const PAD = { left: 30, right: 14, top: 12, bottom: 28 };

/** A round top for the scale (1, 2, 5 × 10ⁿ) at or above `max`, never below 5 so a quiet year is not a cliff. */
export function niceMax(max: number): number {
  const m = Math.max(5, max);
  const p = 10 ** Math.floor(Math.log10(m));
  return [1, 2, 5, 10].map((k) => k * p).find((v) => v >= m)!;
}

/** x, y of each month in the chart's box (oldest left). */
export function chartPoints(points: ReadingLine['Points']): Array<{ x: number; y: number }> {
  const top = niceMax(Math.max(0, ...points.map((p) => p.Count)));
  const step = points.length > 1 ? (W - PAD.left - PAD.right) / (points.length - 1) : 0;
  return points.map((p, i) => ({ x: PAD.left + i * step, y: PAD.top + (1 - p.Count / top) * (H - PAD.top - PAD.bottom) }));
}

/**
 * Loans per month as a small line chart, drawn by hand in SVG: the portal's first load carries no
 * chart library. The figures are also in a list for screen readers.
 */
export function ReadingChart({ line }: { line: ReadingLine }) {
  const { t, i18n } = useTranslation('reader-account');
  const theme = useTheme();
  const pts = chartPoints(line.Points);
  const top = niceMax(Math.max(0, ...line.Points.map((p) => p.Count)));
  const fmt = new Intl.DateTimeFormat(i18n.language, { month: 'short', timeZone: 'UTC' });
  const monthName = (m: string) => fmt.format(new Date(`${m}-01T00:00:00Z`));
  const total = line.Points.reduce((s, p) => s + p.Count, 0);
  const max = Math.max(0, ...line.Points.map((p) => p.Count));
  const path = pts.map((p, i) => `${i ? 'L' : 'M'}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
  const color = theme.palette.primary.main;
  const muted = theme.palette.text.secondary;
  return (
    <Box data-testid="reading-chart">
      <Box component="svg" viewBox={`0 0 ${W} ${H}`} role="img" aria-label={t('reading.summary', { total, max })} sx={{ width: '100%', maxWidth: 640, height: 'auto', display: 'block' }}>
        {(Number.isInteger(top / 2) ? [0, top / 2, top] : [0, top]).map((v) => {
          const y = PAD.top + (1 - v / top) * (H - PAD.top - PAD.bottom);
          return (
            <g key={v}>
              <line x1={PAD.left} x2={W - PAD.right} y1={y} y2={y} stroke={theme.palette.divider} strokeWidth={1} />
              <text x={PAD.left - 6} y={y + 4} textAnchor="end" fontSize={12} fill={muted}>{v}</text>
            </g>
          );
        })}
        <path d={path} fill="none" stroke={color} strokeWidth={2} strokeLinejoin="round" />
        {pts.map((p, i) => (
          <g key={line.Points[i]!.Month}>
            <circle cx={p.x} cy={p.y} r={3} fill={color}><title>{t('reading.month', { month: line.Points[i]!.Month, n: line.Points[i]!.Count })}</title></circle>
            {/* Every other month named: twelve short names do not fit a phone's width. */}
            {(i % 2 === 1 || i === pts.length - 1) && (i !== pts.length - 2) && (
              <text x={p.x} y={H - 8} textAnchor="middle" fontSize={12} fill={muted}>{monthName(line.Points[i]!.Month)}</text>
            )}
          </g>
        ))}
      </Box>
      <Box component="ul" sx={visuallyHidden}>
        {line.Points.map((p) => <li key={p.Month}>{t('reading.month', { month: p.Month, n: p.Count })}</li>)}
      </Box>
    </Box>
  );
}
