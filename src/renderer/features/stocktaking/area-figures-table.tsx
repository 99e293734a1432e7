import { useTranslation } from 'react-i18next';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { AreaFigures } from '../../../shared/api/stocktaking.ts';

const NUMS = ['Expected', 'Found', 'Misplaced', 'Missing', 'Left', 'NotExpected', 'FoundRate'] as const;

/** Figures per area with a total row (the rate over all expected copies). */
export function AreaFiguresTable({ areas }: { areas: readonly AreaFigures[] }) {
  const { t } = useTranslation('stocktaking');
  const sum = (k: (typeof NUMS)[number]) => areas.reduce((n, a) => n + a[k], 0);
  const expected = sum('Expected');
  // Seen expected copies are not a column: the rate per area times its expected gives them back.
  const seen = areas.reduce((n, a) => n + Math.round((a.FoundRate * a.Expected) / 100), 0);
  return (
    <Table size="small" data-testid="inventory-areas">
      <TableHead>
        <TableRow>
          <TableCell>{t('report.fields.Branch')}</TableCell>
          <TableCell>{t('report.fields.Area')}</TableCell>
          {NUMS.map((k) => <TableCell key={k} align="right">{t(`report.fields.${k}`)}</TableCell>)}
        </TableRow>
      </TableHead>
      <TableBody>
        {areas.map((a) => (
          <TableRow key={a.AreaID}>
            <TableCell>{a.Branch}</TableCell>
            <TableCell>{a.Area}</TableCell>
            {NUMS.map((k) => <TableCell key={k} align="right">{a[k]}</TableCell>)}
          </TableRow>
        ))}
        <TableRow sx={{ '& td': { fontWeight: 600 } }}>
          <TableCell colSpan={2}>{t('report.totals')}</TableCell>
          {NUMS.map((k) => (
            <TableCell key={k} align="right">{k === 'FoundRate' ? (expected ? Math.round((seen / expected) * 1000) / 10 : 0) : sum(k)}</TableCell>
          ))}
        </TableRow>
      </TableBody>
    </Table>
  );
}
