import { describe, expect, it } from 'vitest';
import { fieldWidth, labelRoom } from './label-room.ts';

describe('room for a field\'s label', () => {
  it('widens a field whose empty label would be cut, and keeps the layout\'s width otherwise', () => {
    expect(fieldWidth(170, 'Place of publication')).toBeGreaterThan(170);
    expect(fieldWidth(170, 'Place of publication')).toBe(labelRoom('Place of publication'));
    expect(fieldWidth(170, '出版地')).toBe(170);
    expect(labelRoom('Price', true)).toBeGreaterThan(labelRoom('Price'));
  });
});
