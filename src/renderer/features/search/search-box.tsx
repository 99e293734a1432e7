import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import SearchIcon from '@mui/icons-material/Search';
import ClearIcon from '@mui/icons-material/Clear';
import { OutlinedField } from '../../components/outlined-field.tsx';

/** Keys longer than this are refused by the contract; the box stops there and says so. */
export const MAX_KEY = 200;
/** Results follow the typing after this pause (a scanner's ISBN arrives in one burst). */
const TYPING_PAUSE_MS = 30;

/**
 * The one search box: results follow as the reader types (after a short pause), Enter searches
 * at once. The address holds the query (see search-params.ts); this box only edits it.
 */
export function SearchBox({ value, onSearch, autoFocus = false, size = 'medium' }: {
  value: string;
  onSearch: (key: string, opts: { typing: boolean }) => void;
  autoFocus?: boolean;
  size?: 'medium' | 'small';
}) {
  const { t } = useTranslation('search');
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // The keys this box sent whose echo (the address's value) has not come back yet. Echoes arrive
  // late and in order; one of them is never a change from elsewhere, or a slow echo of "kl" would
  // undo the "d" typed since (a lost key on a busy kiosk).
  const sent = useRef<string[]>([]);
  // The address changed elsewhere (Back, a subject link): show it, and drop typing not yet sent,
  // which would otherwise take the address back to the old words.
  useEffect(() => {
    const echo = sent.current.indexOf(value);
    if (echo >= 0) {
      sent.current = sent.current.slice(echo + 1);
      return;
    }
    if (timer.current) clearTimeout(timer.current);
    sent.current = [];
    setText(value);
  }, [value]);
  useEffect(() => () => { if (timer.current) clearTimeout(timer.current); }, []);

  const send = (key: string, typing: boolean) => {
    if (timer.current) clearTimeout(timer.current);
    sent.current.push(key);
    onSearch(key, { typing });
  };
  const change = (key: string) => {
    setText(key);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => send(key, true), TYPING_PAUSE_MS);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send(text, false);
  };
  const full = text.length >= MAX_KEY;
  return (
    <form role="search" onSubmit={submit} style={{ width: '100%' }}>
      <OutlinedField
        fullWidth
        size={size}
        value={text}
        onChange={(e) => change(e.target.value.slice(0, MAX_KEY))}
        placeholder={t('box.placeholder')}
        autoFocus={autoFocus}
        helperText={full ? t('box.tooLong', { max: MAX_KEY }) : undefined}
        htmlInput={{ 'aria-label': t('box.label'), 'data-testid': 'portal-search-input', maxLength: MAX_KEY, enterKeyHint: 'search', type: 'search' }}
        endAdornment={
          <InputAdornment position="end">
            {text && (
              <IconButton aria-label={t('box.clear')} onClick={() => { setText(''); send('', false); }} edge="end" size="small" sx={{ mr: 0.5 }}>
                <ClearIcon fontSize="small" />
              </IconButton>
            )}
            <IconButton type="submit" aria-label={t('box.submit')} edge="end" color="primary" data-testid="portal-search-submit">
              <SearchIcon />
            </IconButton>
          </InputAdornment>
        }
        // One clear button: ours (the browser's own on type=search is hidden).
        sx={{ bgcolor: 'background.paper', borderRadius: 1, '& input::-webkit-search-cancel-button': { display: 'none' } }}
      />
    </form>
  );
}
