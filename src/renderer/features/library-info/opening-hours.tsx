import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { OpeningDay } from '../../../shared/api/library-info.ts';

/** Monday first, as a week is read in China and most of Europe. */
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Open at this moment by the device's clock (the reader is where the library is). */
export function isOpenNow(hours: readonly OpeningDay[], now: Date): boolean {
  const d = hours.find((h) => h.Day === now.getDay());
  if (!d || d.Closed) return false;
  const m = now.getHours() * 60 + now.getMinutes();
  return m >= minutes(d.Open) && m < minutes(d.Close);
}

/** The week's hours, today's row marked, with "open now" or "closed now". */
export function OpeningHours({ hours, note, now = new Date() }: { hours: readonly OpeningDay[]; note: string; now?: Date }) {
  const { t } = useTranslation('library-info');
  const open = isOpenNow(hours, now);
  const today = now.getDay();
  return (
    <Box data-testid="opening-hours">
      <Chip
        color={open ? 'success' : 'default'}
        label={open ? t('hours.openNow') : t('hours.closedNow')}
        data-testid="open-now"
        data-open={open}
        sx={{ mb: 1, fontWeight: 600 }}
      />
      <Table size="small" aria-label={t('hours.title')}>
        <TableBody>
          {WEEK_ORDER.map((day) => {
            const h = hours.find((x) => x.Day === day);
            const isToday = day === today;
            return (
              <TableRow key={day} selected={isToday} data-testid={`hours-${day}`} data-today={isToday || undefined} aria-current={isToday ? 'date' : undefined}>
                <TableCell component="th" scope="row" sx={{ fontWeight: isToday ? 700 : 400, pl: 1 }}>
                  {t(`days.${day}`)}{isToday && <Typography component="span" variant="body2" sx={{ ml: 1, fontWeight: 700 }}>{t('hours.today')}</Typography>}
                </TableCell>
                <TableCell sx={{ fontWeight: isToday ? 700 : 400, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                  {!h || h.Closed ? t('hours.closed') : `${h.Open}–${h.Close}`}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      {note && <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>{note}</Typography>}
    </Box>
  );
}
