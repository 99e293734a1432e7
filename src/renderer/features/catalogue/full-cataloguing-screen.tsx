import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { catalogueCalls as C, catalogueInput, newCopiesInput } from '../../../shared/api/catalogue.ts';
import { isbnProblem, normalizeIsbn } from '../../../shared/domain/catalogue/isbn.ts';
import { editingConfigSchema } from '../../../shared/domain/catalogue/editing-config.ts';
import { call } from '../../lib/api-client.ts';
import { errorText } from '../../kit/data/error-text.ts';
import { copiesInput, emptyTitle, itemInput, titleFromItem, type CopiesDraft, type TitleDraft, type TitleField } from './catalogue-draft.ts';
import { ClcPickerDialog } from './clc-picker-dialog.tsx';
import { CopiesPanel } from './copies-panel.tsx';
import { fieldErrors } from './field-errors.ts';
import { captureDraft } from './capture-lookup.ts';
import { fieldWidth } from '../../kit/fields/label-room.ts';

/** Form sections in cataloguing order (ISBD areas), each field with its width at 1440 px. */
const SECTIONS: { key: string; fields: [TitleField, number][] }[] = [
  { key: 'description', fields: [['Title', 520], ['ParallelTitle', 520], ['Author', 330], ['Edition', 170], ['Publisher', 330], ['Place', 170], ['PubYear', 110], ['Extent', 200], ['Series', 330], ['Price', 120], ['Language', 130]] },
  { key: 'classification', fields: [['ClassNo', 170], ['DeweyNo', 130], ['BookNo', 170], ['AddNo', 130]] },
  { key: 'content', fields: [['Subjects', 520], ['Summary', 1060]] },
];

const LANGUAGES = editingConfigSchema.shape.DefaultLanguage.options;
const EMPTY_COPIES: CopiesDraft = { Count: '1', AreaID: '', BatchID: '', SequenceID: '', ShelfMark: '', Price: '', DiscountPrice: '', Barcodes: '' };
type Mode = { kind: 'existing'; itemId: number; copyCount: number } | { kind: 'new'; source?: string };

/**
 * /book-editing2 详细编目: the whole record — description, classification with the CLC picker and
 * the call number the save will give, subjects and summary — and its new copies (sequence or
 * scanned labels, batch, shelf mark, prices). An ISBN already catalogued opens that title to add
 * copies. Keyboard: Enter on the ISBN looks up, Ctrl+Enter saves, Esc starts over.
 */
export default function FullCataloguingScreen() {
  const { t, i18n } = useTranslation(['catalogue', 'validation', 'errors', 'common', 'capture']);
  const isbnRef = useRef<HTMLInputElement>(null);
  const [isbn, setIsbn] = useState('');
  const [mode, setMode] = useState<Mode | null>(null);
  const [draft, setDraft] = useState<TitleDraft>(emptyTitle('', 'zh'));
  const [copies, setCopies] = useState<CopiesDraft>(EMPTY_COPIES);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ severity: 'error' | 'success' | 'info'; text: string } | null>(null);
  const [callNo, setCallNo] = useState<string | null>(null);
  const [picker, setPicker] = useState(false);
  const [busy, setBusy] = useState(false);
  const [tally, setTally] = useState({ titles: 0, copies: 0 });
  const config = useQuery({ queryKey: ['catalogue', 'config'], queryFn: () => call(C.getEditingConfig, {}) });

  const copiesFromConfig = (): CopiesDraft => ({
    ...EMPTY_COPIES,
    Count: String(config.data?.DefaultCopies ?? 1),
    AreaID: config.data?.DefaultAreaID != null ? String(config.data.DefaultAreaID) : '',
  });
  const resetCopies = () => setCopies(copiesFromConfig());
  // The school's defaults arrive after the first render.
  const defaults = config.data;
  useEffect(() => {
    if (defaults) setCopies((c) => ({ ...c, Count: String(defaults.DefaultCopies), AreaID: c.AreaID || (defaults.DefaultAreaID != null ? String(defaults.DefaultAreaID) : '') }));
  }, [defaults]);

  const startOver = () => {
    setMode(null);
    setIsbn('');
    setErrors({});
    setCallNo(null);
    resetCopies();
    isbnRef.current?.focus();
  };

  const lookup = (e: FormEvent) => {
    e.preventDefault();
    void lookupIsbn(isbn);
  };
  // Opened from the union catalogue (or a link) with ?isbn=: look it up at once.
  const [params] = useSearchParams();
  const linked = params.get('isbn');
  useEffect(() => {
    if (linked) {
      setIsbn(linked);
      void lookupIsbn(linked);
    }
  }, [linked]);
  const lookupIsbn = async (typed: string) => {
    setMessage(null);
    const n = normalizeIsbn(typed);
    const problem = isbnProblem(n);
    if (problem) {
      setMessage({ severity: 'error', text: t(`validation:isbn.${problem}`, { field: 'ISBN' }) });
      return;
    }
    setBusy(true);
    try {
      const r = await call(C.ourLibrary, { ISBN: n });
      setErrors({});
      setCallNo(null);
      if (r.Found && r.Item) {
        setMode({ kind: 'existing', itemId: r.Item.ItemID, copyCount: r.Item.CopyCount });
        setDraft(titleFromItem(r.Item));
      } else {
        // Not in this school: the configured sources (SRU, union catalogue …) may know it.
        const captured = await captureDraft(n);
        setMode({ kind: 'new', source: captured.item?.Source });
        setDraft(captured.item ? { ...titleFromItem(captured.item), ISBN: n } : emptyTitle(n, config.data?.DefaultLanguage ?? 'zh'));
        if (captured.message) setMessage({ severity: 'info', text: captured.message });
      }
    } catch (err) {
      setMessage({ severity: 'error', text: errorText(t, err) });
    } finally {
      setBusy(false);
    }
  };

  const exists = (k: string) => i18n.exists(k);
  const computeCallNo = async () => {
    if (!draft.ClassNo.trim()) {
      setErrors((x) => ({ ...x, ClassNo: t('full.classFirst') }));
      return;
    }
    try {
      // Language and Dewey number too: the save shelves English books by Dewey when the school says so.
      const r = await call(C.getItemListNumCalculate, {
        ClassNo: draft.ClassNo.trim(), Author: draft.Author.trim(), AddNo: draft.AddNo.trim(),
        ...(draft.Language.trim() ? { Language: draft.Language.trim() } : {}), ...(draft.DeweyNo.trim() ? { DeweyNo: draft.DeweyNo.trim() } : {}),
      });
      setCallNo(draft.BookNo.trim() ? `${r.ClassNo}/${draft.BookNo.trim()}${r.AddNo ? `:${r.AddNo}` : ''}` : r.CallNo);
      if (!draft.BookNo.trim() && r.Scheme === 'author') setDraft((d) => ({ ...d, BookNo: r.BookNo }));
    } catch (err) {
      setMessage({ severity: 'error', text: errorText(t, err) });
    }
  };

  const save = async (e?: FormEvent) => {
    e?.preventDefault();
    if (!mode) return;
    const input = {
      ...(mode.kind === 'existing' ? { ItemID: mode.itemId } : {}),
      Item: itemInput(draft, mode.kind === 'new' && mode.source ? mode.source : 'manual'),
      Copies: copiesInput(copies),
    };
    const problems = {
      ...prefixed('Item', fieldErrors(catalogueInput, input.Item, t, i18n.language, exists)),
      ...prefixed('Copies', fieldErrors(newCopiesInput, input.Copies, t, i18n.language, exists)),
    };
    setErrors(Object.fromEntries(Object.entries(problems).map(([k, v]) => [k.replace(/^Item\./, ''), v])));
    if (Object.keys(problems).length) {
      setMessage({ severity: 'error', text: t('full.fixFields', { count: Object.keys(problems).length }) });
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      const r = await call(C.addItemsCatalogueInfo, input as never, { toast: false });
      setTally((s) => ({ titles: s.titles + (r.Created ? 1 : 0), copies: s.copies + r.Copies.length }));
      setMessage({ severity: 'success', text: t('full.saved', { title: input.Item.Title, count: r.Copies.length, callNo: r.CallNo, barcodes: r.Copies.map((c) => c.Barcode).join(', ') }) });
      startOver();
    } catch (err) {
      setMessage({ severity: 'error', text: errorText(t, err) });
    } finally {
      setBusy(false);
    }
  };

  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void save();
    if (e.key === 'Escape' && !picker) startOver();
  };
  const readOnly = mode?.kind === 'existing';
  const titleField = (f: TitleField, width: number) => (
    <TextField
      key={f}
      size="small"
      sx={{ width: fieldWidth(width, t(`validation:fields.${f}`), f === 'Title' || f === 'Price') }}
      label={t(`validation:fields.${f}`)}
      required={f === 'Title' || f === 'Price'}
      value={draft[f]}
      disabled={readOnly}
      select={f === 'Language'}
      multiline={f === 'Summary'}
      minRows={f === 'Summary' ? 3 : undefined}
      onChange={(e) => setDraft((d) => ({ ...d, [f]: e.target.value }))}
      error={errors[f] != null}
      helperText={errors[f] ?? (f === 'BookNo' ? t('full.bookNoHint') : undefined)}
      slotProps={{ htmlInput: { 'data-testid': `full-${f}`, inputMode: f === 'Price' || f === 'PubYear' ? 'decimal' : undefined } }}
    >
      {f === 'Language' ? LANGUAGES.map((l) => <MenuItem key={l} value={l}>{t(`rules.language.${l}`)}</MenuItem>) : undefined}
    </TextField>
  );

  return (
    <Stack spacing={2} sx={{ p: 2, maxWidth: 1200 }} onKeyDown={onKey}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="h6" component="h1">{t('full.heading')}</Typography>
        <Chip color="primary" variant="outlined" data-testid="full-tally" label={t('quick.tally', { titles: tally.titles, copies: tally.copies })} />
      </Stack>
      <Paper variant="outlined" component="form" onSubmit={lookup} sx={{ p: 2 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
          <TextField inputRef={isbnRef} autoFocus size="small" sx={{ width: 360 }} label={t('quick.isbnLabel')} helperText={t('full.isbnHint')}
            value={isbn} onChange={(e) => setIsbn(e.target.value)} slotProps={{ htmlInput: { 'data-testid': 'full-isbn', maxLength: 32 } }} />
          <Button type="submit" variant="contained" disabled={busy} data-testid="full-lookup">{t('quick.lookup')}</Button>
        </Stack>
      </Paper>
      {message && <Alert severity={message.severity} data-testid="full-message">{message.text}</Alert>}
      {mode && (
        <Paper variant="outlined" component="form" onSubmit={(e) => void save(e)} noValidate sx={{ p: 2 }} data-testid="full-form">
          {readOnly ? (
            <Alert severity="info" sx={{ mb: 2 }} data-testid="full-existing">{t('full.existing', { title: draft.Title, count: mode.copyCount })}</Alert>
          ) : (
            <Typography variant="subtitle1" sx={{ mb: 1 }} data-testid="full-new">
              {mode.kind === 'new' && mode.source ? t('quick.captured', { isbn: draft.ISBN, source: t(`capture:source.${mode.source}`) }) : t('quick.newTitle', { isbn: draft.ISBN })}
            </Typography>
          )}
          {SECTIONS.map((s) => (
            <Stack key={s.key} spacing={1} sx={{ mb: 2 }}>
              <Typography variant="subtitle2" component="h3" color="text.secondary">{t(`full.section.${s.key}`)}</Typography>
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
                {s.fields.map(([f, w]) => titleField(f, w))}
                {s.key === 'classification' && !readOnly && (
                  <>
                    <Button onClick={() => setPicker(true)} data-testid="full-clc">{t('full.pickClass')}</Button>
                    <Button onClick={() => void computeCallNo()} data-testid="full-callno">{t('full.computeCallNo')}</Button>
                  </>
                )}
              </Stack>
              {s.key === 'classification' && callNo && (
                <Typography variant="body2" data-testid="full-callno-preview">{t('full.callNoPreview', { callNo })}</Typography>
              )}
            </Stack>
          ))}
          <CopiesPanel value={copies} onChange={setCopies} errors={errors} />
          <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: 'center' }}>
            <Button type="submit" variant="contained" disabled={busy} data-testid="full-save">{readOnly ? t('quick.addCopies') : t('quick.save')}</Button>
            <Button onClick={startOver} disabled={busy}>{t('quick.cancel')}</Button>
            <Typography variant="caption" color="text.secondary">{t('quick.keys')}</Typography>
          </Stack>
        </Paper>
      )}
      <ClcPickerDialog open={picker} onClose={() => setPicker(false)} onPick={(code) => { setDraft((d) => ({ ...d, ClassNo: code })); setPicker(false); }} />
    </Stack>
  );
}

function prefixed(prefix: string, errors: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([k, v]) => [`${prefix}.${k}`, v]));
}
