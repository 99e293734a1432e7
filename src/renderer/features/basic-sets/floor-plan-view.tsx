import { useTheme } from '@mui/material/styles';
import type { FloorPlan } from '../../../shared/api/basic-sets.ts';

/**
 * A branch's floor plan drawn as SVG (no chart library): the grid, each placed shelf area as a
 * labelled block, the lit ones in the theme's colour, and the kiosk's spot ("you are here").
 * The editor shows it as a live preview; the kiosk shows it beside a title's copies.
 */
export interface FloorPlanLabels {
  /** What the picture is, for a screen reader; `lit` names the lit areas. */
  map: string;
  lit: (names: string) => string;
  youAreHere: string;
}

/** Labels come from the screen that shows the plan (the kiosk's strings or the basic settings'). */
export function FloorPlanView({ plan, lit = [], width, labels, en, showKiosk = true, testId = 'floor-plan' }: { plan: FloorPlan; lit?: readonly number[]; width: number; labels: FloorPlanLabels; en: boolean; showKiosk?: boolean; testId?: string }) {
  const theme = useTheme();
  const cell = width / plan.Cols;
  const height = cell * plan.Rows;
  const litSet = new Set(lit);
  const placed = plan.Areas.filter((a) => a.X != null && a.Y != null && a.W != null && a.H != null);
  const name = (a: FloorPlan['Areas'][0]) => (en ? a.EnName : a.Name);
  const litNames = placed.filter((a) => litSet.has(a.ShelfAreaID)).map(name);
  const label = [labels.map, litNames.length ? labels.lit(litNames.join(', ')) : ''].filter(Boolean).join(' ');
  const font = Math.max(11, Math.min(22, cell * 0.7));
  return (
    <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-label={label} data-testid={testId} style={{ display: 'block', maxWidth: '100%', height: 'auto' }}>
      <rect width={width} height={height} fill={theme.palette.background.paper} stroke={theme.palette.text.primary} strokeWidth={3} />
      {Array.from({ length: plan.Cols - 1 }, (_, i) => <line key={`c${i}`} x1={(i + 1) * cell} x2={(i + 1) * cell} y1={0} y2={height} stroke={theme.palette.divider} strokeWidth={1} />)}
      {Array.from({ length: plan.Rows - 1 }, (_, i) => <line key={`r${i}`} y1={(i + 1) * cell} y2={(i + 1) * cell} x1={0} x2={width} stroke={theme.palette.divider} strokeWidth={1} />)}
      {placed.map((a) => {
        const on = litSet.has(a.ShelfAreaID);
        const [x, y, w, h] = [a.X! * cell, a.Y! * cell, a.W! * cell, a.H! * cell];
        return (
          <g key={a.ShelfAreaID} data-testid={`plan-area-${a.ShelfAreaID}`} data-lit={on ? 'true' : 'false'}>
            <rect x={x + 2} y={y + 2} width={w - 4} height={h - 4} rx={4}
              fill={on ? theme.palette.primary.main : theme.palette.grey[200]} stroke={on ? theme.palette.primary.dark : theme.palette.grey[500]} strokeWidth={on ? 4 : 1.5} />
            <text x={x + w / 2} y={y + h / 2 - font * 0.15} textAnchor="middle" fontSize={font} fontWeight={700} fill={on ? theme.palette.primary.contrastText : theme.palette.text.primary}>{name(a)}</text>
            {h > font * 2.6 && [...(en ? a.AreaEnName : a.AreaName)].length * font * 0.75 * (en ? 0.55 : 1) < w - 8 && (
              <text x={x + w / 2} y={y + h / 2 + font * 1.05} textAnchor="middle" fontSize={font * 0.75} fill={on ? theme.palette.primary.contrastText : theme.palette.text.secondary}>
                {en ? a.AreaEnName : a.AreaName}
              </text>
            )}
          </g>
        );
      })}
      {showKiosk && plan.KioskX != null && plan.KioskY != null && (() => {
        const cx = (plan.KioskX + 0.5) * cell;
        const cy = (plan.KioskY + 0.5) * cell;
        const r = Math.max(8, cell * 0.42);
        // The label goes where the room has space: above near the bottom wall, inwards near a side wall.
        const ty = plan.KioskY >= plan.Rows - 2 ? cy - r - font * 0.4 : cy + r + font;
        const anchor = plan.KioskX >= plan.Cols - 3 ? 'end' : plan.KioskX <= 1 ? 'start' : 'middle';
        const tx = anchor === 'end' ? cx + r : anchor === 'start' ? cx - r : cx;
        return (
          <g data-testid="plan-kiosk">
            <circle cx={cx} cy={cy} r={r} fill={theme.palette.error.main} stroke="#fff" strokeWidth={3} />
            <text x={tx} y={ty} textAnchor={anchor} fontSize={font * 0.85} fontWeight={700} fill={theme.palette.error.dark}>{labels.youAreHere}</text>
          </g>
        );
      })()}
    </svg>
  );
}
