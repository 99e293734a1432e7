import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { catalogueCalls as C } from '../../../shared/api/catalogue.ts';
import { basicSetsCalls } from '../../../shared/api/basic-sets.ts';
import { isbnProblem, normalizeIsbn, sameIsbn, toIsbn13 } from '../../../shared/domain/catalogue/isbn.ts';
import { call } from '../../lib/api-client.ts';
import { errorText } from '../../kit/data/error-text.ts';
import { emptyTitle, itemInput, titleFromItem, type TitleDraft } from './catalogue-draft.ts';
import { ListRowDialog } from './list-row-dialog.tsx';
import { captureDraft } from './capture-lookup.ts';

type RowState = 'looking' | 'existing' | 'new' | 'ready' | 'saved' | 'failed';
interface Row { isbn: string; count: number; state: RowState; itemId?: number; draft?: TitleDraft; note?: string; source?: string }
const STORE = 'catalogue.list-rows';

/**
 * /book-editing3 清单编目: scan a whole box first — each ISBN is checked against the catalogue as
 * it is scanned (a second scan of the same ISBN adds a copy) — then fill in the new titles and
 * save every ready row in one go. Each row reports its own result; rows that fail stay to be
 * fixed, saved rows are never saved twice. The list survives a reload of the page.
 */
export default function ListCataloguingScreen() {
  const { t, i18n } = useTranslation(['catalogue', 'validation', 'errors', 'kit', 'capture']);
  const en = i18n.language.startsWith('en');
  const scanRef = useRef<HTMLInputElement>(null);
  const [scan, setScan] = useState('');
  const [rows, setRows] = useState<Row[]>(() => {
    try {
      return (JSON.parse(sessionStorage.getItem(STORE) ?? '[]') as Row[]).map((r) => (r.state === 'looking' ? { ...r, state: 'failed' } : r));
    } catch {
      return [];
    }
  });
  const [message, setMessage] = useState<{ severity: 'error' | 'success' | 'warning'; text: string } | null>(null);
  const [areaId, setAreaId] = useState('');
  const [editing, setEditing] = useState<TitleDraft | null>(null);
  const [busy, setBusy] = useState(false);
  const areas = useQuery({ queryKey: ['catalogue', 'areas'], queryFn: () => call(basicSetsCalls.locationList, { Page: 1, Rows: 200 }) });
  const config = useQuery({ queryKey: ['catalogue', 'config'], queryFn: () => call(C.getEditingConfig, {}) });
  useEffect(() => {
    if (areaId === '' && config.data?.DefaultAreaID) setAreaId(String(config.data.DefaultAreaID));
  }, [config.data, areaId]);
  const listed = useRef(new Set<string>());
  useEffect(() => {
    sessionStorage.setItem(STORE, JSON.stringify(rows));
    listed.current = new Set(rows.map((r) => toIsbn13(r.isbn) ?? r.isbn));
  }, [rows]);
  const update = (isbn: string, patch: Partial<Row>) => setRows((rs) => rs.map((r) => (r.isbn === isbn ? { ...r, ...patch } : r)));

  const add = async (e: FormEvent) => {
    e.preventDefault();
    const n = normalizeIsbn(scan);
    setScan('');
    scanRef.current?.focus();
    const problem = isbnProblem(n);
    if (problem) {
      setMessage({ severity: 'error', text: `${scan.trim()}: ${t(`validation:isbn.${problem}`, { field: 'ISBN' })}` });
      return;
    }
    setMessage(null);
    // A scanner is faster than React: the ISBNs already listed are tracked synchronously, so the
    // same book scanned twice in a row adds a copy instead of a second row.
    const key = toIsbn13(n) ?? n;
    if (listed.current.has(key)) {
      setRows((rs) => {
        const same = rs.find((r) => sameIsbn(r.isbn, n));
        if (!same) return rs;
        return [{ ...same, count: same.count + 1, ...(same.state === 'saved' ? { state: 'existing' as const, note: undefined } : {}) }, ...rs.filter((r) => r !== same)];
      });
      return;
    }
    listed.current.add(key);
    setRows((rs) => [{ isbn: n, count: 1, state: 'looking' }, ...rs]);
    try {
      const r = await call(C.ourLibrary, { ISBN: n }, { toast: false });
      if (r.Found && r.Item) update(n, { state: 'existing', itemId: r.Item.ItemID, draft: titleFromItem(r.Item) });
      else {
        const captured = await captureDraft(n);
        // A captured record with a title and a price is ready; otherwise the cataloguer fills it in.
        const draft = captured.item ? { ...titleFromItem(captured.item), ISBN: n } : emptyTitle(n, config.data?.DefaultLanguage ?? 'zh');
        const ready = captured.item != null && captured.item.Title !== '' && captured.item.Price > 0;
        update(n, { state: ready ? 'ready' : 'new', draft, source: captured.item?.Source });
      }
    } catch (err) {
      update(n, { state: 'failed', note: errorText(t, err) });
    }
  };

  const saveAll = async () => {
    if (!areaId) {
      setMessage({ severity: 'error', text: t('validation:required.collectionArea') });
      return;
    }
    setBusy(true);
    let titles = 0;
    let copies = 0;
    let failed = 0;
    for (const row of rows.filter((r) => r.state === 'existing' || r.state === 'ready')) {
      try {
        const r = await call(C.addItemsCatalogueInfo, {
          ...(row.itemId ? { ItemID: row.itemId } : {}),
          Item: itemInput(row.draft!, row.source ?? 'manual'),
          Copies: { Count: row.count, AreaID: Number(areaId) },
        } as never, { toast: false });
        titles += r.Created ? 1 : 0;
        copies += r.Copies.length;
        update(row.isbn, { state: 'saved', itemId: r.ItemID, note: `${r.CallNo} · ${r.Copies.map((c) => c.Barcode).join(', ')}` });
      } catch (err) {
        failed += 1;
        update(row.isbn, { state: 'failed', note: errorText(t, err) });
      }
    }
    setBusy(false);
    setMessage({ severity: failed ? 'warning' : 'success', text: t('list.result', { titles, copies, failed }) });
  };

  const waiting = rows.filter((r) => r.state === 'new').length;
  const ready = rows.filter((r) => r.state === 'existing' || r.state === 'ready');
  const readyCopies = ready.reduce((n, r) => n + r.count, 0);

  return (
    <Stack spacing={2} sx={{ p: 2, maxWidth: 1200 }}>
      <Typography variant="h6" component="h1">{t('list.heading')}</Typography>
      <Paper variant="outlined" component="form" onSubmit={(e) => void add(e)} sx={{ p: 2 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
          <TextField inputRef={scanRef} autoFocus size="small" sx={{ width: 360 }} label={t('quick.isbnLabel')} helperText={t('list.scanHint')}
            value={scan} onChange={(e) => setScan(e.target.value)} slotProps={{ htmlInput: { 'data-testid': 'list-scan', maxLength: 32 } }} />
          <Button type="submit" variant="outlined">{t('list.add')}</Button>
        </Stack>
      </Paper>
      {message && <Alert severity={message.severity} data-testid="list-message">{message.text}</Alert>}
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
          <Typography variant="subtitle1" component="h2" data-testid="list-summary">{t('list.summary', { rows: rows.length, ready: ready.length, copies: readyCopies, waiting })}</Typography>
          <TextField select size="small" sx={{ minWidth: 240 }} label={t('validation:fields.AreaID')} value={areaId} onChange={(e) => setAreaId(e.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'list-area' } }}>
            {(areas.data?.List ?? []).map((a) => <MenuItem key={a.ID} value={String(a.ID)}>{en && a.EnName ? a.EnName : a.Name}</MenuItem>)}
          </TextField>
          <Button variant="contained" disabled={busy || !ready.length} onClick={() => void saveAll()} data-testid="list-save">{t('list.saveAll', { count: readyCopies })}</Button>
          <Button disabled={busy || !rows.some((r) => r.state === 'saved')} onClick={() => setRows((rs) => rs.filter((r) => r.state !== 'saved'))}>{t('list.clearSaved')}</Button>
        </Stack>
        <Table size="small" aria-label={t('list.heading')}>
          <TableHead>
            <TableRow>
              <TableCell>ISBN</TableCell>
              <TableCell>{t('validation:fields.Title')}</TableCell>
              <TableCell align="right">{t('validation:fields.Count')}</TableCell>
              <TableCell>{t('list.status')}</TableCell>
              <TableCell align="right">{t('kit:actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.isbn} data-testid={`list-row-${r.isbn}`}>
                <TableCell sx={{ fontFamily: 'monospace' }}>{r.isbn}</TableCell>
                <TableCell>{r.draft?.Title || '—'}</TableCell>
                <TableCell align="right">
                  <TextField size="small" variant="standard" value={r.count} sx={{ width: 56 }} disabled={r.state === 'saved'}
                    onChange={(e) => update(r.isbn, { count: Math.max(1, Math.min(200, Number(e.target.value.replace(/\D/g, '')) || 1)) })}
                    slotProps={{ htmlInput: { 'aria-label': t('list.countOf', { isbn: r.isbn }), inputMode: 'numeric', style: { textAlign: 'right' } } }} />
                </TableCell>
                <TableCell data-testid={`list-state-${r.isbn}`}>
                  <Typography variant="body2" color={r.state === 'failed' ? 'error' : r.state === 'saved' ? 'success.main' : undefined}>
                    {t(`list.state.${r.state}`)}{r.source && r.state !== 'saved' ? ` · ${t('list.from', { source: t(`capture:source.${r.source}`) })}` : ''}{r.note ? `: ${r.note}` : ''}
                  </Typography>
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {(r.state === 'new' || r.state === 'ready' || (r.state === 'failed' && !r.itemId && r.draft)) && (
                    <Button size="small" onClick={() => setEditing(r.draft!)} data-testid={`list-fill-${r.isbn}`}>{t('list.fillButton')}</Button>
                  )}
                  <IconButton size="small" aria-label={t('list.remove', { isbn: r.isbn })} disabled={busy} onClick={() => setRows((rs) => rs.filter((x) => x !== r))}>
                    <DeleteOutlined fontSize="small" />
                  </IconButton>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {!rows.length && <Typography color="text.secondary" sx={{ p: 2 }}>{t('list.empty')}</Typography>}
      </Paper>
      <ListRowDialog draft={editing} onClose={() => setEditing(null)} onDone={(d) => {
        update(d.ISBN, { draft: d, state: 'ready', note: undefined });
        setEditing(null);
        scanRef.current?.focus();
      }} />
    </Stack>
  );
}
