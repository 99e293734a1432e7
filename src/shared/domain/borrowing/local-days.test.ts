import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, endOfLocalDay, formatOffset, parseInstant, toLocalDay, weekdayOf } from './local-days.ts';

describe('local days', () => {
  it('takes the school-local day of a UTC instant (+08:00 by default in the calendar)', () => {
    expect(toLocalDay('2025-01-31T16:30:00Z', 480)).toBe('2025-02-01');
    expect(toLocalDay('2025-01-31T15:59:59Z', 480)).toBe('2025-01-31');
    expect(toLocalDay('2025-02-01T00:30:00+08:00', 480)).toBe('2025-02-01');
  });

  it('honours other offsets, including negative ones', () => {
    expect(toLocalDay('2025-03-01T03:00:00Z', -300)).toBe('2025-02-28');
    expect(toLocalDay('2025-03-01T03:00:00Z', 0)).toBe('2025-03-01');
  });

  it('answers the same when asked again (remembered per offset), and refuses a bad instant every time', () => {
    for (let i = 0; i < 3; i++) {
      expect(toLocalDay('2025-01-31T16:30:00Z', 480)).toBe('2025-02-01');
      expect(toLocalDay('2025-01-31T16:30:00Z', 0)).toBe('2025-01-31');
      expect(() => toLocalDay('2025-01-31T16:30:00', 480)).toThrow(RangeError);
    }
    // Past the memo's size it starts afresh, still right.
    for (let m = 0; m < 5000; m++) expect(toLocalDay(new Date(Date.UTC(2025, 0, 1) + m * 60_000).toISOString(), 480)).toBe(m < 960 ? '2025-01-01' : m < 2400 ? '2025-01-02' : m < 3840 ? '2025-01-03' : '2025-01-04');
  });

  it('passes a bare local day through and rejects impossible days', () => {
    expect(toLocalDay('2024-02-29', 480)).toBe('2024-02-29');
    expect(() => toLocalDay('2025-02-29', 480)).toThrow(RangeError);
    expect(() => addDays('2025-13-01', 1)).toThrow(RangeError);
  });

  it('rejects instants without an offset, whose meaning depends on the machine', () => {
    expect(() => parseInstant('2025-03-01T10:00:00')).toThrow(RangeError);
    expect(() => parseInstant('yesterday')).toThrow(RangeError);
    expect(parseInstant('2025-03-01T10:00:00.123Z')).toBe(Date.UTC(2025, 2, 1, 10, 0, 0, 123));
  });

  it('adds days across month ends, leap days and year ends', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-02-28', 1)).toBe('2025-03-01');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2025-01-01', -1)).toBe('2024-12-31');
    expect(daysBetween('2024-02-01', '2024-03-01')).toBe(29);
    expect(daysBetween('2025-02-01', '2025-03-01')).toBe(28);
  });

  it('gives weekdays with 0 = Sunday', () => {
    expect(weekdayOf('2025-03-09')).toBe(0);
    expect(weekdayOf('2025-03-10')).toBe(1);
    expect(weekdayOf('2025-03-15')).toBe(6);
  });

  it('formats the end of a local day in the school offset', () => {
    expect(endOfLocalDay('2025-03-17', 480)).toBe('2025-03-17T23:59:59+08:00');
    expect(endOfLocalDay('2025-03-17', -300)).toBe('2025-03-17T23:59:59-05:00');
    expect(formatOffset(330)).toBe('+05:30');
    expect(formatOffset(0)).toBe('+00:00');
  });
});
