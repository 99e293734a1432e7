import { beforeAll, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
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
