import { beforeAll, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { i18next, initI18n } from '../../lib/i18n.ts';
import { OnScreenKeyboard, typeInto } from './on-screen-keyboard.tsx';

beforeAll(() => {
  initI18n('zh-CN');
});

function Field({ onSubmit }: { onSubmit: (v: string) => void }) {
  const [v, setV] = useState('');
  return (
    <form onSubmit={(e) => { e.preventDefault(); onSubmit(v); }}>
      <input aria-label="box" value={v} maxLength={5} onChange={(e) => setV(e.target.value)} />
      <OnScreenKeyboard onHide={() => undefined} />
    </form>
  );
}

describe('the kiosk keyboard', () => {
  it('types into the focused field at the caret, deletes, clears and submits, as React sees typing', () => {
    let sent = '';
    render(<I18nextProvider i18n={i18next}><Field onSubmit={(v) => (sent = v)} /></I18nextProvider>);
    const box = screen.getByLabelText('box') as HTMLInputElement;
    box.focus();
    for (const k of ['x', 'y', 'j']) fireEvent.click(screen.getByTestId(`key-${k}`));
    expect(box.value).toBe('xyj');
    box.setSelectionRange(1, 1);
    fireEvent.click(screen.getByTestId('key-back'));
    expect(box.value).toBe('yj');
    fireEvent.click(screen.getByTestId('key-enter'));
    expect(sent).toBe('yj');
    fireEvent.click(screen.getByTestId('key-clear'));
    expect(box.value).toBe('');
  });

  it('names the Enter key after what the focused form does, and says Enter when there is no such button', () => {
    render(
      <I18nextProvider i18n={i18next}>
        <form onSubmit={(e) => e.preventDefault()}><input aria-label="card" /><button type="submit">查看我的借阅</button></form>
        <input aria-label="loose" />
        <OnScreenKeyboard onHide={() => undefined} />
      </I18nextProvider>,
    );
    act(() => (screen.getByLabelText('card') as HTMLInputElement).focus());
    expect(screen.getByTestId('key-enter').textContent).toBe('查看我的借阅');
    act(() => (screen.getByLabelText('loose') as HTMLInputElement).focus());
    expect(screen.getByTestId('key-enter').textContent).toBe(i18next.t('guide:keyboard.enter'));
  });

  it('stops at the field\'s maxLength', () => {
    const input = document.createElement('input');
    input.maxLength = 3;
    document.body.append(input);
    typeInto(input, { text: 'abcdef' });
    expect(input.value).toBe('abc');
    typeInto(input, { text: 'z' });
    expect(input.value).toBe('abc');
  });
});
