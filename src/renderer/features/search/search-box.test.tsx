import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { i18next, initI18n } from '../../lib/i18n.ts';
import { SearchBox } from './search-box.tsx';

beforeAll(() => {
  initI18n('zh-CN');
});
afterEach(() => {
  vi.useRealTimers();
});

/** The box with the address's value given by the test, so echoes can arrive late or not at all. */
function mount(onSearch: (key: string) => void) {
  const view = render(<I18nextProvider i18n={i18next}><SearchBox value="" onSearch={onSearch} /></I18nextProvider>);
  const box = () => screen.getByTestId('portal-search-input') as HTMLInputElement;
  const echo = (value: string) => view.rerender(<I18nextProvider i18n={i18next}><SearchBox value={value} onSearch={onSearch} /></I18nextProvider>);
  const type = (value: string) => {
    fireEvent.change(box(), { target: { value } });
    act(() => vi.advanceTimersByTime(40));
  };
  return { box, echo, type };
}

describe('the search box', () => {
  it('keeps what was typed when the address catches up late (a slow kiosk loses no key)', () => {
    vi.useFakeTimers();
    const sent: string[] = [];
    const { box, echo, type } = mount((k) => sent.push(k));
    type('k');
    type('kl');
    fireEvent.change(box(), { target: { value: 'kld' } });
    // The echoes of "k" and "kl" arrive only now, while "kld" waits for its pause.
    echo('k');
    echo('kl');
    expect(box().value).toBe('kld');
    act(() => vi.advanceTimersByTime(40));
    expect(sent).toEqual(['k', 'kl', 'kld']);
    echo('kld');
    expect(box().value).toBe('kld');
  });

  it('shows a change made elsewhere (Back) and drops the typing not yet sent', () => {
    vi.useFakeTimers();
    const sent: string[] = [];
    const { box, echo, type } = mount((k) => sent.push(k));
    type('xyj');
    echo('xyj');
    fireEvent.change(box(), { target: { value: 'xyjx' } });
    echo('sanguo');
    expect(box().value).toBe('sanguo');
    act(() => vi.advanceTimersByTime(100));
    expect(sent).toEqual(['xyj']);
  });
});
