import { useEffect, useState, type MouseEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import BackspaceOutlined from '@mui/icons-material/BackspaceOutlined';
import KeyboardHide from '@mui/icons-material/KeyboardHide';

const ROWS = ['1234567890', 'qwertyuiop', 'asdfghjkl', 'zxcvbnm'] as const;
type Edit = { text: string } | { back: true } | { clear: true };

/**
 * Changes a text field the way typing would: at the caret, through the input's own value setter
 * and an input event, so React sees an ordinary change. The field keeps focus (the keys never take it).
 */
export function typeInto(el: HTMLInputElement | HTMLTextAreaElement, edit: Edit): void {
  const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  const setter = Object.getOwnPropertyDescriptor(proto, 'value')?.set;
  if (!setter) return;
  const v = el.value;
  let start = el.selectionStart ?? v.length;
  const end = el.selectionEnd ?? v.length;
  let next: string;
  if ('clear' in edit) {
    next = '';
    start = 0;
  } else if ('back' in edit) {
    const from = start === end ? Math.max(0, start - 1) : start;
    next = v.slice(0, from) + v.slice(end);
    start = from;
  } else {
    const room = el.maxLength > 0 ? el.maxLength - (v.length - (end - start)) : edit.text.length;
    const text = edit.text.slice(0, Math.max(0, room));
    next = v.slice(0, start) + text + v.slice(end);
    start += text.length;
  }
  setter.call(el, next);
  el.dispatchEvent(new Event('input', { bubbles: true }));
  el.setSelectionRange(start, start);
}

function focusedField(): HTMLInputElement | HTMLTextAreaElement | null {
  const el = document.activeElement;
  if (el instanceof HTMLTextAreaElement) return el;
  if (el instanceof HTMLInputElement && ['text', 'search', ''].includes(el.type)) return el;
  return null;
}

/** What submitting the focused field's form does, as its submit button says it (检索, 查看我的借阅 …). */
function submitLabel(): string | null {
  const submit = focusedField()?.form?.querySelector<HTMLButtonElement | HTMLInputElement>('button[type="submit"], input[type="submit"]');
  if (!submit) return null;
  return (submit.getAttribute('aria-label') || (submit instanceof HTMLInputElement ? submit.value : submit.textContent) || '').trim() || null;
}

/**
 * Letters and digits for a kiosk without a keyboard: pinyin initials (xyj) are how a child
 * searches Chinese titles here. It types into whichever field has focus; Enter submits its form
 * and says what that does (the form's own submit button), so on the card page it is not "search".
 */
export function OnScreenKeyboard({ onHide }: { onHide: () => void }) {
  const { t, i18n } = useTranslation('guide');
  const [enterLabel, setEnterLabel] = useState<string | null>(null);
  useEffect(() => {
    const follow = () => setEnterLabel(submitLabel());
    follow();
    document.addEventListener('focusin', follow);
    return () => document.removeEventListener('focusin', follow);
  }, [i18n.language]);
  const press = (edit: Edit) => {
    const el = focusedField();
    if (el) typeInto(el, edit);
  };
  const enter = () => {
    const el = focusedField();
    el?.form?.requestSubmit();
  };
  // Keys must not take the focus away from the field they type into.
  const keep = { onPointerDown: (e: PointerEvent) => e.preventDefault(), onMouseDown: (e: MouseEvent) => e.preventDefault() };
  const key = { minWidth: 0, flex: '1 1 0', maxWidth: 96, height: 64, fontSize: '1.5rem', textTransform: 'none' } as const;
  return (
    <Paper component="aside" elevation={8} square data-testid="guide-keyboard" aria-label={t('keyboard.label')} sx={{ p: 1.5, bgcolor: 'grey.200' }}>
      <Stack spacing={1} sx={{ maxWidth: 1100, mx: 'auto' }}>
        {ROWS.map((row, i) => (
          <Stack key={row} direction="row" spacing={1} sx={{ justifyContent: 'center' }}>
            {[...row].map((c) => (
              <Button key={c} variant="contained" color="inherit" sx={{ ...key, bgcolor: 'background.paper' }} {...keep} onClick={() => press({ text: c })} data-testid={`key-${c}`}>
                {c}
              </Button>
            ))}
            {i === 3 && (
              <Button variant="contained" color="inherit" sx={{ ...key, maxWidth: 160, bgcolor: 'background.paper' }} {...keep} onClick={() => press({ back: true })} aria-label={t('keyboard.back')} data-testid="key-back">
                <BackspaceOutlined />
              </Button>
            )}
          </Stack>
        ))}
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'center' }}>
          <Button variant="contained" color="inherit" sx={{ ...key, maxWidth: 160, fontSize: '1.1rem', bgcolor: 'background.paper' }} {...keep} onClick={() => press({ clear: true })} data-testid="key-clear">{t('keyboard.clear')}</Button>
          <Button variant="contained" color="inherit" sx={{ ...key, maxWidth: 480, flexGrow: 4, fontSize: '1.1rem', bgcolor: 'background.paper' }} {...keep} onClick={() => press({ text: ' ' })} data-testid="key-space">{t('keyboard.space')}</Button>
          <Button variant="contained" sx={{ ...key, maxWidth: 200, fontSize: '1.1rem' }} {...keep} onClick={enter} data-testid="key-enter">{enterLabel ?? t('keyboard.enter')}</Button>
          <Button variant="contained" color="inherit" sx={{ ...key, maxWidth: 120, bgcolor: 'background.paper' }} {...keep} onClick={onHide} aria-label={t('keyboard.hide')} data-testid="key-hide"><KeyboardHide /></Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
