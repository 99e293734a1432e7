import { describe, expect, it } from 'vitest';
import { cardActionsFor } from './card-actions.ts';

describe('cardActionsFor', () => {
  it('offers replace, not issue, for a lost card', () => {
    expect(cardActionsFor('lost', 50)).toEqual({ issue: false, replace: true, lost: false, refund: true });
  });
  it('offers only issue (and a pending refund) for a closed card', () => {
    expect(cardActionsFor('disabled', 0)).toEqual({ issue: true, replace: false, lost: false, refund: false });
  });
  it('offers everything but a refund without deposit for an active card', () => {
    expect(cardActionsFor('active', 0)).toEqual({ issue: true, replace: true, lost: true, refund: false });
    expect(cardActionsFor('expired', 20).refund).toBe(true);
  });
});
