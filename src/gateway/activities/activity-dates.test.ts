import { describe, expect, it } from 'vitest';
import { activityState, dayStartInstant, localToday } from './activity-dates.ts';

describe('activity dates', () => {
  it('is running from its first to its last day inclusive', () => {
    expect(activityState('2026-03-01', '2026-03-31', '2026-02-28')).toBe('notStarted');
    expect(activityState('2026-03-01', '2026-03-31', '2026-03-01')).toBe('doing');
    expect(activityState('2026-03-01', '2026-03-31', '2026-03-31')).toBe('doing');
    expect(activityState('2026-03-01', '2026-03-31', '2026-04-01')).toBe('ended');
    expect(activityState('2026-03-01', '2026-03-01', '2026-03-01')).toBe('doing');
  });

  it('takes today in the school\'s time zone, not the gateway\'s', () => {
    // 16:30 UTC on 31 March is already 1 April in Beijing (UTC+8), still 31 March in New York.
    const at = new Date('2026-03-31T16:30:00Z');
    expect(localToday(480, at)).toBe('2026-04-01');
    expect(localToday(-240, at)).toBe('2026-03-31');
    expect(activityState('2026-03-01', '2026-03-31', localToday(480, at))).toBe('ended');
    expect(activityState('2026-03-01', '2026-03-31', localToday(-240, at))).toBe('doing');
  });

  it('starts a local day at the school\'s midnight', () => {
    expect(dayStartInstant('2026-03-01', 480)).toBe('2026-02-28T16:00:00.000Z');
    expect(dayStartInstant('2026-03-01', 0)).toBe('2026-03-01T00:00:00.000Z');
  });
});
