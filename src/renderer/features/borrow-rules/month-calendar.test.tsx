import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { changeLanguage, i18next, initI18n } from '../../lib/i18n.ts';
import { dayAfterKey, MonthCalendar, monthWeeks } from './month-calendar.tsx';

const calendar = { ClosedDates: ['2026-02-16'], ClosedWeekdays: [0, 6], OpenDates: ['2026-02-28'], UtcOffsetMinutes: 480 };

function renderMonth(onToggle = vi.fn(), disabled = false) {
  render(
    <I18nextProvider i18n={i18next}>
      <MonthCalendar month="2026-02" calendar={calendar} reasons={new Map([['2026-02-16', '春节']])} today="2026-02-10" disabled={disabled} onToggle={onToggle} />
    </I18nextProvider>,
  );
  return onToggle;
}

beforeAll(() => initI18n('zh-CN'));
beforeEach(async () => {
  await changeLanguage('zh-CN');
});

describe('month calendar keys', () => {
  it('moves by day and week, to the week ends with Home/End, and stays in the month', () => {
    expect(dayAfterKey('2026-02-10', 'ArrowRight', '2026-02')).toBe('2026-02-11');
    expect(dayAfterKey('2026-02-10', 'ArrowDown', '2026-02')).toBe('2026-02-17');
    expect(dayAfterKey('2026-02-10', 'ArrowUp', '2026-02')).toBe('2026-02-03');
    expect(dayAfterKey('2026-02-10', 'Home', '2026-02')).toBe('2026-02-09'); // Monday
    expect(dayAfterKey('2026-02-10', 'End', '2026-02')).toBe('2026-02-15'); // Sunday
    expect(dayAfterKey('2026-02-03', 'Home', '2026-02')).toBe('2026-02-02');
    expect(dayAfterKey('2026-02-01', 'Home', '2026-02')).toBe('2026-02-01'); // the week starts in January
    expect(dayAfterKey('2026-02-01', 'ArrowLeft', '2026-02')).toBe('2026-02-01');
    expect(dayAfterKey('2026-02-25', 'ArrowDown', '2026-02')).toBe('2026-02-25');
    expect(dayAfterKey('2026-02-10', 'a', '2026-02')).toBeNull();
    expect(monthWeeks('2026-02').every((w) => w.length === 7)).toBe(true);
  });
});

describe('MonthCalendar', () => {
  it('is a grid of rows of cells, each day a toggle button named by its date and state (pressed = closed)', () => {
    renderMonth();
    const grid = screen.getByRole('grid', { name: '2026-02' });
    const rows = within(grid).getAllByRole('row');
    expect(rows).toHaveLength(1 + monthWeeks('2026-02').length);
    expect(within(rows[0]!).getAllByRole('columnheader')).toHaveLength(7);
    expect(within(rows[1]!).getAllByRole('gridcell')).toHaveLength(7);
    const closed = screen.getByRole('button', { name: '2026-02-16 周一 闭馆 春节' });
    expect(closed).toHaveAttribute('aria-pressed', 'true');
    expect(closed.closest('[role="gridcell"], td')).not.toBeNull();
    expect(screen.getByRole('button', { name: '2026-02-17 周二 开馆' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: '2026-02-14 周六 闭馆' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('has one tab stop (today), moves focus with the arrows and toggles with the keyboard', () => {
    const onToggle = renderMonth();
    const focusable = screen.getAllByRole('button').filter((b) => b.tabIndex === 0);
    expect(focusable.map((b) => b.dataset.testid)).toEqual(['day-2026-02-10']);
    const today = screen.getByTestId('day-2026-02-10');
    today.focus();
    fireEvent.keyDown(today, { key: 'ArrowDown' });
    const next = screen.getByTestId('day-2026-02-17');
    expect(next).toHaveFocus();
    expect(next.tabIndex).toBe(0);
    expect(today.tabIndex).toBe(-1);
    // ButtonBase turns Enter on a real button into a click.
    fireEvent.click(next);
    expect(onToggle).toHaveBeenCalledWith('2026-02-17');
  });
});
