import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { catalogueCalls as C, type CatalogueItem } from '../../../shared/api/catalogue.ts';
import { basicSetsCalls } from '../../../shared/api/basic-sets.ts';
import { isbnProblem, normalizeIsbn } from '../../../shared/domain/catalogue/isbn.ts';
import { call } from '../../lib/api-client.ts';
import { errorText } from '../../kit/data/error-text.ts';
import { captureDraft, captureToInput, draftFromCapture } from './capture-lookup.ts';
import type { CaptureItem } from '../../../shared/api/capture.ts';

type Found = { kind: 'existing'; item: CatalogueItem } | { kind: 'new'; isbn: string; source?: string; captured?: CaptureItem };
interface Draft { Title: string; Author: string; Publisher: string; PubYear: string; Price: string; ClassNo: string }
const EMPTY: Draft = { Title: '', Author: '', Publisher: '', PubYear: '', Price: '', ClassNo: '' };
const DRAFT_FIELDS = ['Title', 'Author', 'Publisher', 'PubYear', 'Price', 'ClassNo'] as const;

/**
 * /book-editing1 快速编目: keyboard and scanner only. Scan an ISBN → the school's title (add
 * copies) or an empty form prefilled with the ISBN → confirm → N copies with barcodes from the
 * sequence and the call number → the cursor is back in the ISBN box. A running count shows what
 * was added since the screen was opened. `tagStep`: what follows a save at this desk (app/
 * composes the RFID tag and label step in: features do not import each other).
 */
export default function QuickCataloguingScreen({ tagStep }: { tagStep?: (barcodes: readonly string[]) => ReactNode }) {
  const { t, i18n } = useTranslation(['catalogue', 'validation', 'errors', 'common', 'capture']);
  const isbnRef = useRef<HTMLInputElement>(null);
  const [isbn, setIsbn] = useState('');
  const [found, setFound] = useState<Found | null>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [count, setCount] = useState('1');
  const [areaId, setAreaId] = useState<number | ''>('');
  const [message, setMessage] = useState<{ severity: 'error' | 'success' | 'info'; text: (t: TFunction) => string } | null>(null); // said in the language shown, also after a switch
  const [saved, setSaved] = useState<{ title: string; callNo: string; barcodes: string[] } | null>(null);
  const [tally, setTally] = useState({ titles: 0, copies: 0 });
  const [busy, setBusy] = useState(false);

  const areas = useQuery({ queryKey: ['catalogue', 'areas'], queryFn: () => call(basicSetsCalls.locationList, { Page: 1, Rows: 200 }) });
  const config = useQuery({ queryKey: ['catalogue', 'config'], queryFn: () => call(C.getEditingConfig, {}) });
  useEffect(() => {
    if (config.data) setCount(String(config.data.DefaultCopies));
    const list = areas.data?.List ?? [];
    if (areaId === '' && list.length) setAreaId(config.data?.DefaultAreaID ?? list[0]!.ID);
  }, [config.data, areas.data, areaId]);

  const backToIsbn = () => {
    setFound(null);
    setDraft(EMPTY);
    setIsbn('');
    // Each book starts from the school's default number of copies, not the last one typed.
    setCount(String(config.data?.DefaultCopies ?? 1));
    isbnRef.current?.focus();
  };

  const lookup = async (e: FormEvent) => {
    e.preventDefault();
    setMessage(null);
    const n = normalizeIsbn(isbn);
    const problem = isbnProblem(n);
    if (problem) {
      setMessage({ severity: 'error', text: (tt) => tt(`validation:isbn.${problem}`, { field: 'ISBN' }) });
      return;
    }
    setBusy(true);
    try {
      const r = await call(C.ourLibrary, { ISBN: n });
      if (r.Found && r.Item) {
        setFound({ kind: 'existing', item: r.Item });
        return;
      }
      // Not in this school: the configured sources (SRU, union catalogue …) may know it.
      const captured = await captureDraft(n);
      setFound({ kind: 'new', isbn: n, source: captured.item?.Source, captured: captured.item });
      if (captured.item) setDraft(draftFromCapture(captured.item));
      const said = captured.message;
      if (said) setMessage({ severity: 'info', text: () => said });
    } catch (err) {
      setMessage({ severity: 'error', text: (tt) => errorText(tt, err) });
    } finally {
      setBusy(false);
    }
  };

  const save = async (e?: FormEvent) => {
    e?.preventDefault();
    if (!found || areaId === '') return;
    setBusy(true);
    setMessage(null);
    try {
      const item = found.kind === 'existing'
        ? { Title: found.item.Title, ISBN: found.item.ISBN, Price: found.item.Price, ClassNo: found.item.ClassNo }
        : {
          ...(found.captured ? captureToInput(found.captured) : {}),
          Title: draft.Title, Author: draft.Author, Publisher: draft.Publisher, ISBN: found.isbn, Source: found.source ?? 'manual',
          Price: Number(draft.Price || 'NaN'), ClassNo: draft.ClassNo, PubYear: draft.PubYear ? Number(draft.PubYear) : null,
        };
      const r = await call(C.addItemsCatalogueInfo, {
        ...(found.kind === 'existing' ? { ItemID: found.item.ItemID } : {}),
        Item: item,
        Copies: { Count: Number(count), AreaID: areaId },
      } as never);
      setSaved({ title: item.Title, callNo: r.CallNo, barcodes: r.Copies.map((c) => c.Barcode) });
      setTally((s) => ({ titles: s.titles + (r.Created ? 1 : 0), copies: s.copies + r.Copies.length }));
      setMessage({ severity: 'success', text: (tt) => tt('quick.saved', { count: r.Copies.length, callNo: r.CallNo }) });
      backToIsbn();
    } catch (err) {
      setMessage({ severity: 'error', text: (tt) => errorText(tt, err) });
    } finally {
      setBusy(false);
    }
  };

  /** Ctrl+Enter saves from anywhere in the form. */
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void save();
    if (e.key === 'Escape') backToIsbn();
  };
  const lang = i18n.language;

  return (
    <Stack spacing={2} sx={{ p: 2, maxWidth: 960 }} onKeyDown={onKey}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="h6" component="h1">{t('quick.heading')}</Typography>
        <Chip color="primary" variant="outlined" data-testid="quick-tally" label={t('quick.tally', { titles: tally.titles, copies: tally.copies })} />
      </Stack>
      <Paper variant="outlined" component="form" onSubmit={(e) => void lookup(e)} sx={{ p: 2 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
          <TextField
            inputRef={isbnRef}
            autoFocus
            label={t('quick.isbnLabel')}
            helperText={t('quick.isbnHint')}
            value={isbn}
            onChange={(e) => setIsbn(e.target.value)}
            size="small"
            sx={{ width: 360 }}
            slotProps={{ htmlInput: { 'data-testid': 'quick-isbn', inputMode: 'numeric', maxLength: 32 } }}
          />
          <Button type="submit" variant="contained" disabled={busy} data-testid="quick-lookup">{t('quick.lookup')}</Button>
        </Stack>
      </Paper>
      {message && <Alert severity={message.severity} data-testid="quick-message">{message.text(t)}</Alert>}
      {found && (
        <Paper variant="outlined" component="form" onSubmit={(e) => void save(e)} sx={{ p: 2 }} data-testid="quick-form">
          {found.kind === 'existing' ? (
            <Stack spacing={0.5} sx={{ mb: 2 }} data-testid="quick-existing">
              <Typography variant="subtitle1">{t('quick.existing', { title: found.item.Title })}</Typography>
              <Typography variant="body2" color="text.secondary">
                {[found.item.Author, found.item.Publisher, found.item.ISBNHyphenated].filter(Boolean).join(' · ')}
              </Typography>
              <Typography variant="body2">{t('quick.existingCopies', { count: found.item.CopyCount })}</Typography>
            </Stack>
          ) : (
            <>
              <Typography variant="subtitle1" sx={{ mb: 1 }} data-testid="quick-new">
                {found.source ? t('quick.captured', { isbn: found.isbn, source: t(`capture:source.${found.source}`) }) : t('quick.newTitle', { isbn: found.isbn })}
              </Typography>
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, mb: 2 }}>
                {DRAFT_FIELDS.map((f, i) => (
                  <TextField
                    key={f}
                    autoFocus={i === 0}
                    required={f === 'Title' || f === 'Price'}
                    label={t(`validation:fields.${f}`)}
                    value={draft[f]}
                    onChange={(e) => setDraft((d) => ({ ...d, [f]: e.target.value }))}
                    size="small"
                    sx={{ width: f === 'Title' ? 420 : 200 }}
                    slotProps={{ htmlInput: { 'data-testid': `quick-${f}`, inputMode: f === 'Price' || f === 'PubYear' ? 'decimal' : undefined } }}
                  />
                ))}
              </Stack>
            </>
          )}
          <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
            <TextField
              label={t('validation:fields.Count')}
              value={count}
              onChange={(e) => setCount(e.target.value)}
              size="small"
              sx={{ width: 120 }}
              slotProps={{ htmlInput: { 'data-testid': 'quick-count', inputMode: 'numeric' } }}
            />
            <TextField
              select
              label={t('validation:fields.AreaID')}
              value={areaId}
              onChange={(e) => setAreaId(Number(e.target.value))}
              size="small"
              sx={{ width: 260 }}
              slotProps={{ htmlInput: { 'data-testid': 'quick-area' } }}
            >
              {(areas.data?.List ?? []).map((a) => (
                <MenuItem key={a.ID} value={a.ID}>{lang.startsWith('en') && a.EnName ? a.EnName : a.Name}</MenuItem>
              ))}
            </TextField>
            <Button type="submit" variant="contained" disabled={busy} data-testid="quick-save">
              {found.kind === 'existing' ? t('quick.addCopies') : t('quick.save')}
            </Button>
            <Button onClick={backToIsbn} disabled={busy}>{t('quick.cancel')}</Button>
          </Stack>
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>{t('quick.keys')}</Typography>
        </Paper>
      )}
      {saved && (
        <Paper variant="outlined" sx={{ p: 2 }} data-testid="quick-saved">
          <Typography variant="subtitle2">{t('quick.lastSaved', { title: saved.title, callNo: saved.callNo })}</Typography>
          <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>{saved.barcodes.join('  ')}</Typography>
          {tagStep?.(saved.barcodes)}
        </Paper>
      )}
    </Stack>
  );
}
