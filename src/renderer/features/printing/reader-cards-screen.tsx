import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { readerCalls, type Reader } from '../../../shared/api/readers.ts';
import { IDENTITIES } from '../../../shared/domain/identities.ts';
import { fitsCards, type LabelContent } from '../../../shared/domain/printing/label-template.ts';
import { call } from '../../lib/api-client.ts';
import { bridge, bridgeErrorKey, BROWSER_UNSUPPORTED, isDesktop } from '../../lib/bridge.ts';
import { useSession } from '../../lib/use-session.ts';
import { allTemplates, choiceFor, printerFor, setChoice, templateFor, useLabelStyles } from './label-styles.ts';
import { errorNote, noteText, type Note } from './print-note.ts';
import { readerPhoto } from './reader-photo.ts';
import { usePrinters } from './use-printers.ts';

/** Cards per print job: a class at a time, photos included, keeps each job small. */
const CARDS_PER_JOB = 100;

/**
 * /userprint: reader cards (CR80) for a class or a search: the school's card heading, name,
 * class and identity, the card number as a QR code or a barcode, and the photo when the reader
 * has one. Readers are listed with the reader list's filters and chosen by ticking; printed at
 * this desk on a card printer or on A4 sheets of ten.
 */
export default function ReaderCardsScreen() {
  const { t, i18n } = useTranslation(['printing', 'readers', 'errors']);
  const desktop = isDesktop();
  const styles = useLabelStyles();
  const user = useSession().user;
  const school = (i18n.language === 'en-US' ? user?.SchoolEnName || user?.SchoolName : user?.SchoolName) ?? '';
  const depts = useQuery({ queryKey: ['readers', 'dept-options'], queryFn: () => call(readerCalls.getDeptOptions, {}) });
  const [deptId, setDeptId] = useState<number | ''>('');
  const [identity, setIdentity] = useState<(typeof IDENTITIES)[number] | ''>('');
  const [key, setKey] = useState('');
  const [search, setSearch] = useState({ deptId: '' as number | '', identity: '' as (typeof IDENTITIES)[number] | '', key: '' });
  const readers = useQuery({
    queryKey: ['readers', 'cards', search],
    queryFn: () => call(readerCalls.getUserList, {
      Page: 1, Rows: 1000, ...(search.deptId !== '' ? { DeptID: search.deptId } : {}), ...(search.identity ? { Identity: search.identity } : {}), ...(search.key ? { SearchKey: search.key } : {}),
    }),
    enabled: search.deptId !== '' || !!search.identity || !!search.key,
  });
  const [picked, setPicked] = useState<Set<number>>(new Set());
  const [code, setCode] = useState<'QR' | 'CODE128'>('QR');
  const [photos, setPhotos] = useState(true);
  const [heading, setHeading] = useState('');
  const printers = usePrinters();
  const [busy, setBusy] = useState(false);
  const [notes, setNotes] = useState<Note[]>([]);

  useEffect(() => setPicked(new Set((readers.data?.List ?? []).map((r) => r.ID))), [readers.data]);

  const cardTemplates = allTemplates(styles).filter(fitsCards);
  const choice = choiceFor(styles, 'card');
  const template = templateFor(styles, cardTemplates.some((x) => x.name === choice.template) ? choice.template : cardTemplates[0]!.name);
  const printer = printerFor(styles, template.name, printers);
  const list = readers.data?.List ?? [];
  const chosen = useMemo(() => list.filter((r) => picked.has(r.ID)), [list, picked]);
  const cardHeading = heading.trim() || t('printing:cards.defaultHeading', { school });

  const cardOf = async (r: Reader): Promise<LabelContent> => {
    const photo = photos && r.PhotoUrl ? await readerPhoto(r.PhotoUrl) : null;
    return {
      kind: 'card', heading: cardHeading.slice(0, 60), value: r.ReaderID, code,
      lines: [r.Name, r.DeptName, t(`readers:resources.reader.options.Identity.${r.Identity}`)].filter(Boolean).map((s) => s.slice(0, 60)),
      ...(photo ? { photo } : {}),
    };
  };

  const print = async () => {
    setBusy(true);
    setNotes([]);
    const out: Note[] = [];
    try {
      for (let i = 0; i < chosen.length; i += CARDS_PER_JOB) {
        const part = chosen.slice(i, i + CARDS_PER_JOB);
        const labels = await Promise.all(part.map(cardOf));
        const r = await bridge.print({ title: t('printing:cards.jobTitle', { count: labels.length, first: part[0]!.Name }), printer, copies: 1, template, labels });
        out.push(r.ok ? { severity: 'success', key: 'printing:cards.queued', params: { count: r.data.labels } } : { severity: 'error', key: bridgeErrorKey(r.error) });
        if (!r.ok) break;
      }
    } catch (err) {
      out.push(errorNote(err));
    }
    setNotes(out);
    setBusy(false);
  };

  const toggle = (id: number) => setPicked((s) => {
    const next = new Set(s);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    return next;
  });

  return (
    <Stack spacing={2}>
      <Card variant="outlined">
        <CardContent>
          <Stack spacing={2} sx={{ maxWidth: 900 }}>
            <Typography variant="h6" component="h1">{t('printing:cards.heading')}</Typography>
            <Typography variant="body2" color="text.secondary">{t('printing:cards.intro')}</Typography>
            {!desktop && <Alert severity="info" data-testid="print-browser-note">{t(BROWSER_UNSUPPORTED)}</Alert>}
            <Stack component="form" direction={{ xs: 'column', sm: 'row' }} spacing={2} onSubmit={(e) => { e.preventDefault(); setSearch({ deptId, identity, key: key.trim() }); }}>
              <TextField select label={t('printing:cards.dept')} value={deptId} onChange={(e) => setDeptId(e.target.value === '' ? '' : Number(e.target.value))} sx={{ flex: 2 }} slotProps={{ htmlInput: { 'data-testid': 'cards-dept' } }}>
                <MenuItem value="">{t('printing:batch.any')}</MenuItem>
                {(depts.data ?? []).map((d) => <MenuItem key={d.ID} value={d.ID}>{d.Name}</MenuItem>)}
              </TextField>
              <TextField select label={t('printing:cards.identity')} value={identity} onChange={(e) => setIdentity(e.target.value as typeof identity)} sx={{ flex: 1 }}>
                <MenuItem value="">{t('printing:batch.any')}</MenuItem>
                {IDENTITIES.map((x) => <MenuItem key={x} value={x}>{t(`readers:resources.reader.options.Identity.${x}`)}</MenuItem>)}
              </TextField>
              <TextField label={t('printing:cards.search')} value={key} onChange={(e) => setKey(e.target.value)} sx={{ flex: 2 }} slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'cards-search' } }} />
              <Button type="submit" variant="outlined" data-testid="cards-find">{t('printing:cards.find')}</Button>
            </Stack>
            {readers.isError && <Alert severity="error">{noteText(t, errorNote(readers.error))}</Alert>}
          </Stack>
        </CardContent>
      </Card>

      {readers.data && (
        <Card variant="outlined">
          <CardContent>
            <Stack spacing={2}>
              <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
                <TextField select label={t('printing:template')} value={template.name} onChange={(e) => setChoice('card', { ...choice, template: e.target.value })} sx={{ minWidth: 280 }}>
                  {cardTemplates.map((x) => <MenuItem key={x.name} value={x.name}>{x.name}</MenuItem>)}
                </TextField>
                <TextField select label={t('printing:cards.code')} value={code} onChange={(e) => setCode(e.target.value as 'QR' | 'CODE128')} sx={{ minWidth: 200 }}>
                  <MenuItem value="QR">{t('printing:cards.codes.QR')}</MenuItem>
                  <MenuItem value="CODE128">{t('printing:cards.codes.CODE128')}</MenuItem>
                </TextField>
                <TextField label={t('printing:cards.cardHeading')} value={heading} placeholder={t('printing:cards.defaultHeading', { school })} onChange={(e) => setHeading(e.target.value)} sx={{ flex: 1 }} slotProps={{ htmlInput: { maxLength: 60 }, inputLabel: { shrink: true } }} />
                <FormControlLabel control={<Checkbox checked={photos} onChange={(e) => setPhotos(e.target.checked)} />} label={t('printing:cards.photos')} />
              </Stack>
              <Typography variant="body2" data-testid="cards-summary">
                {t('printing:cards.summary', { count: chosen.length, total: readers.data.Total, printer: printer || t('printing:scanPrint.noPrinter') })}
              </Typography>
              {notes.map((n, i) => <Alert key={i} severity={n.severity} data-testid="cards-message">{noteText(t, n)}</Alert>)}
              <Button variant="contained" sx={{ alignSelf: 'flex-start' }} disabled={!desktop || busy || !chosen.length || !printer} onClick={() => void print()} data-testid="cards-print">
                {t('printing:cards.print', { count: chosen.length })}
              </Button>
              {list.length > 0 && (
                <Table size="small" data-testid="cards-list">
                  <TableHead>
                    <TableRow>
                      <TableCell padding="checkbox">
                        <Checkbox
                          checked={picked.size === list.length} indeterminate={picked.size > 0 && picked.size < list.length}
                          onChange={(e) => setPicked(new Set(e.target.checked ? list.map((r) => r.ID) : []))} slotProps={{ input: { 'aria-label': t('printing:cards.all') } }}
                        />
                      </TableCell>
                      <TableCell>{t('printing:cards.name')}</TableCell>
                      <TableCell>{t('printing:cards.cardNo')}</TableCell>
                      <TableCell>{t('printing:cards.dept')}</TableCell>
                      <TableCell>{t('printing:cards.identity')}</TableCell>
                      <TableCell>{t('printing:cards.hasPhoto')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {list.map((r) => (
                      <TableRow key={r.ID} hover onClick={() => toggle(r.ID)} sx={{ cursor: 'pointer' }}>
                        <TableCell padding="checkbox">
                          <Checkbox checked={picked.has(r.ID)} slotProps={{ input: { 'aria-label': r.Name } }} />
                        </TableCell>
                        <TableCell>{r.Name}</TableCell>
                        <TableCell>{r.ReaderID}</TableCell>
                        <TableCell>{r.DeptName}</TableCell>
                        <TableCell>{t(`readers:resources.reader.options.Identity.${r.Identity}`)}</TableCell>
                        <TableCell>{r.Photo ? t('printing:cards.yes') : '—'}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )}
            </Stack>
          </CardContent>
        </Card>
      )}
    </Stack>
  );
}
