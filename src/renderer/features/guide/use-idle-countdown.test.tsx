import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useIdleCountdown } from './use-idle-countdown.ts';

function Probe({ active, onTimeout }: { active: boolean; onTimeout: () => void }) {
  const left = useIdleCountdown(active, 60, onTimeout);
  return <p data-testid="left">{left}</p>;
}

describe('useIdleCountdown (the card page signs out by itself)', () => {
  beforeEach(() => { vi.useFakeTimers(); });
  afterEach(() => { vi.useRealTimers(); });

  it('counts down from 60 s and signs out once at zero', () => {
    const out = vi.fn();
    render(<Probe active onTimeout={out} />);
    expect(screen.getByTestId('left').textContent).toBe('60');
    act(() => { vi.advanceTimersByTime(20_000); });
    expect(screen.getByTestId('left').textContent).toBe('40');
    expect(out).not.toHaveBeenCalled();
    act(() => { vi.advanceTimersByTime(40_000); });
    expect(out).toHaveBeenCalledTimes(1);
    act(() => { vi.advanceTimersByTime(5_000); });
    expect(out).toHaveBeenCalledTimes(1);
  });

  it('starts again at every touch or key', () => {
    const out = vi.fn();
    render(<Probe active onTimeout={out} />);
    act(() => { vi.advanceTimersByTime(50_000); });
    expect(screen.getByTestId('left').textContent).toBe('10');
    act(() => { window.dispatchEvent(new Event('pointerdown')); });
    expect(screen.getByTestId('left').textContent).toBe('60');
    act(() => { vi.advanceTimersByTime(50_000); });
    act(() => { window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' })); });
    act(() => { vi.advanceTimersByTime(50_000); });
    expect(out).not.toHaveBeenCalled();
    act(() => { vi.advanceTimersByTime(10_000); });
    expect(out).toHaveBeenCalledTimes(1);
  });

  it('does nothing while inactive (no card shown)', () => {
    const out = vi.fn();
    render(<Probe active={false} onTimeout={out} />);
    act(() => { vi.advanceTimersByTime(120_000); });
    expect(out).not.toHaveBeenCalled();
  });
});
