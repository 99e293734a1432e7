import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import type { PublicCopy, TitleDetail } from '../../../shared/api/search.ts';
import { CopyStateChip, TitleAvailability } from './availability.tsx';
import { visuallyHidden } from '../../lib/visually-hidden.ts';
import { useTitleDetail } from './search-queries.ts';
import { useSearchPaths } from './search-paths.tsx';

/** Branch → collection area → shelf (face, layer, column): the way to the book, in words. */
function copyPlace(c: PublicCopy, en: boolean, t: TFunction): string {
  const parts = [en ? c.BranchEnName || c.BranchName : c.BranchName, en ? c.AreaEnName || c.AreaName : c.AreaName];
  if (c.ShelfName) {
    const pos = [c.Face != null ? t('place.face', { n: c.Face }) : '', c.Layer != null ? t('place.layer', { n: c.Layer }) : '', c.Column != null ? t('place.column', { n: c.Column }) : ''].filter(Boolean).join(' ');
    parts.push(pos ? `${c.ShelfName} ${pos}` : c.ShelfName);
  } else if (c.ShelfMark) parts.push(c.ShelfMark);
  return parts.filter(Boolean).join(' › ');
}

function Facts({ d }: { d: TitleDetail }) {
  const { t } = useTranslation('search');
  const rows: Array<[string, string]> = [
    [t('detail.author'), d.Author],
    [t('detail.publisher'), [d.Place, d.Publisher, d.PubYear ? String(d.PubYear) : ''].filter(Boolean).join(' : ')],
    [t('detail.isbn'), d.ISBNHyphenated || d.ISBN],
    [t('detail.edition'), d.Edition],
    [t('detail.extent'), d.Extent],
    [t('detail.series'), d.Series],
    [t('detail.callNo'), d.CallNo],
  ];
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 2, rowGap: { xs: 0, sm: 0.75 }, m: 0 }}>
      {rows.filter(([, v]) => v).map(([k, v]) => (
        <Box key={k} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary" sx={{ mt: { xs: 1, sm: 0 } }}>{k}</Typography>
          <Typography component="dd" variant="body1" sx={{ m: 0, overflowWrap: 'anywhere' }}>{v}</Typography>
        </Box>
      ))}
    </Box>
  );
}

/** An extra column of the copies table (the kiosk's "show on the map"). */
export interface CopyColumn {
  head: string;
  cell: (c: PublicCopy) => ReactNode;
}

/** The copies: a table on wide screens, one card per copy on a phone. */
function Copies({ copies, extra }: { copies: PublicCopy[]; extra?: CopyColumn | undefined }) {
  const { t, i18n } = useTranslation('search');
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('sm'));
  const en = i18n.language === 'en-US';
  if (!copies.length) return <Typography color="text.secondary">{t('detail.noCopies')}</Typography>;
  if (!wide) {
    return (
      <Stack component="ul" spacing={1} sx={{ p: 0, m: 0, listStyle: 'none' }} data-testid="copy-list">
        {copies.map((c) => (
          <Paper component="li" variant="outlined" key={c.ID} sx={{ p: 1.5 }} data-testid={`copy-${c.Barcode}`}>
            <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <Typography variant="subtitle2" component="p">{c.CallNo}</Typography>
              <CopyStateChip state={c.State} due={c.DueDate} />
            </Stack>
            <Typography variant="body2" sx={{ mt: 0.5 }}>{copyPlace(c, en, t)}</Typography>
            <Typography variant="caption" color="text.secondary">{t('detail.barcode', { barcode: c.Barcode })}</Typography>
            {extra?.cell(c)}
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Table size="small" data-testid="copy-list">
      <TableHead>
        <TableRow>
          <TableCell>{t('detail.callNo')}</TableCell>
          <TableCell>{t('detail.place')}</TableCell>
          <TableCell>{t('detail.barcodeHead')}</TableCell>
          <TableCell>{t('detail.state')}</TableCell>
          {extra && <TableCell>{extra.head}</TableCell>}
        </TableRow>
      </TableHead>
      <TableBody>
        {copies.map((c) => (
          <TableRow key={c.ID} data-testid={`copy-${c.Barcode}`}>
            <TableCell>{c.CallNo}</TableCell>
            <TableCell>{copyPlace(c, en, t)}</TableCell>
            <TableCell>{c.Barcode}</TableCell>
            <TableCell><CopyStateChip state={c.State} due={c.DueDate} /></TableCell>
            {extra && <TableCell>{extra.cell(c)}</TableCell>}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * One title, where each copy stands, and when those out come back: the portal's
 * /search/book/details?id= (with `actions`: the reader's hold) and the kiosk's
 * /guidescreen/searchdetail?id= (with `aside`).
 */
export function TitleDetailPage({ aside, copyColumn, actions }: {
  aside?: (d: TitleDetail) => ReactNode;
  copyColumn?: CopyColumn;
  actions?: (d: TitleDetail) => ReactNode;
}) {
  const { t, i18n } = useTranslation('search');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const raw = params.get('id') ?? '';
  const id = /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
  const detail = useTitleDetail(id);
  const paths = useSearchPaths();
  const en = i18n.language === 'en-US';
  const back = paths.backOnPage && (
    <Button startIcon={<ArrowBackIcon />} onClick={() => (window.history.length > 1 ? navigate(-1) : navigate(paths.results))} sx={{ alignSelf: 'flex-start' }}>
      {t('detail.back')}
    </Button>
  );
  if (id == null || detail.isError) {
    return (
      <Stack spacing={2}>
        {back}
        <Typography variant="h5" component="h1">{t('detail.heading')}</Typography>
        <Alert severity="warning" data-testid="title-missing">{t('detail.missing')}</Alert>
      </Stack>
    );
  }
  const d = detail.data;
  if (!d) return <Stack spacing={2}>{back}<Typography variant="h5" component="h1" sx={visuallyHidden}>{t('detail.heading')}</Typography><Skeleton height={48} /><Skeleton height={160} /></Stack>;
  const subjects = d.Subjects.split(/[;；]/).map((s) => s.trim()).filter(Boolean);
  const main = (
    <Stack spacing={2} data-testid="title-detail" sx={{ flex: 1, minWidth: 0 }}>
      {back}
      <Box>
        <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>{d.Title}</Typography>
        {d.ParallelTitle && d.ParallelTitle.toLowerCase() !== d.Title.toLowerCase() && <Typography variant="subtitle1" component="p" color="text.secondary">{d.ParallelTitle}</Typography>}
        <Box sx={{ mt: 1 }}><TitleAvailability copies={d.Copies} available={d.Available} holds={d.HoldsWaiting} /></Box>
        {actions && <Box sx={{ mt: 1.5 }}>{actions(d)}</Box>}
      </Box>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Facts d={d} />
        {d.ClassPath.length > 0 && (
          <Box sx={{ mt: 1.5 }}>
            <Typography variant="body2" color="text.secondary" component="span">{t('detail.class')} </Typography>
            <Breadcrumbs aria-label={t('detail.class')} sx={{ display: 'inline-flex' }}>
              {d.ClassPath.map((c) => (
                <Link key={c.Code} component={RouterLink} to={`${paths.results}?class=${encodeURIComponent(c.Code)}`} underline="hover">
                  {c.Code} {en ? c.EnName : c.Name}
                </Link>
              ))}
            </Breadcrumbs>
          </Box>
        )}
        {subjects.length > 0 && (
          <Stack direction="row" sx={{ mt: 1.5, gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            <Typography variant="body2" color="text.secondary">{t('detail.subjects')}</Typography>
            {subjects.map((s) => <Chip key={s} size="small" clickable component={RouterLink} to={`${paths.results}?field=subject&q=${encodeURIComponent(s)}`} label={s} />)}
          </Stack>
        )}
      </Paper>
      {d.Summary && (
        <Box component="section">
          <Typography variant="h6" component="h2">{t('detail.summary')}</Typography>
          <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{d.Summary}</Typography>
        </Box>
      )}
      <Box component="section">
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>{t('detail.copies', { count: d.CopiesList.length })}</Typography>
        <Copies copies={d.CopiesList} extra={copyColumn} />
      </Box>
    </Stack>
  );
  if (!aside) return main;
  return (
    <Stack direction="row" spacing={4} sx={{ alignItems: 'flex-start' }}>
      {main}
      <Box sx={{ flexShrink: 0, position: 'sticky', top: 0 }}>{aside(d)}</Box>
    </Stack>
  );
}

export default function TitleDetailScreen() {
  return <TitleDetailPage />;
}
