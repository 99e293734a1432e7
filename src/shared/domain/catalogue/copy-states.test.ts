import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyCopyEvent, CIRCULATION_STATES, COPY_EVENTS, COPY_TRANSITIONS, copyEventAllowed, STORAGE_AREA_CODES, type CopyState } from './copy-states.ts';

const copy = (storage: number, circ: CopyState['circ']): CopyState => ({ storage, circ });

describe('copy state machine', () => {
  it('lends only available or held copies of lending areas', () => {
    expect(applyCopyEvent(copy(2, 'available'), 'borrow')).toEqual({ ok: true, next: copy(2, 'borrowed') });
    expect(applyCopyEvent(copy(2, 'reserved'), 'borrow')).toEqual({ ok: true, next: copy(2, 'borrowed') });
    expect(applyCopyEvent(copy(8, 'available'), 'borrow').ok).toBe(false);
    expect(applyCopyEvent(copy(2, 'borrowed'), 'borrow').ok).toBe(false);
    expect(applyCopyEvent(copy(3, 'available'), 'borrow').ok).toBe(false);
  });

  it('never moves, weeds or deletes a copy on loan or on hold', () => {
    for (const circ of ['borrowed', 'reserving', 'reserved', 'returned-not-received'] as const) {
      for (const ev of ['allocate', 'weed', 'delete', 'check'] as const) {
        expect(applyCopyEvent(copy(2, circ), ev, 2), `${circ} ${ev}`).toMatchObject({ ok: false, reason: 'illegal', messageKey: 'catalogue:copyState.illegal' });
      }
    }
  });

  it('allocation takes the storage code of the target area, and only placeable ones', () => {
    expect(applyCopyEvent(copy(1, 'available'), 'allocate', 2)).toEqual({ ok: true, next: copy(2, 'available') });
    expect(applyCopyEvent(copy(2, 'locked'), 'allocate', 8)).toEqual({ ok: true, next: copy(8, 'locked') });
    expect(applyCopyEvent(copy(2, 'available'), 'allocate', 3)).toMatchObject({ ok: false, reason: 'badTarget' });
    expect(applyCopyEvent(copy(2, 'available'), 'allocate', 7)).toMatchObject({ ok: false, reason: 'badTarget' });
    expect(applyCopyEvent(copy(2, 'available'), 'allocate')).toMatchObject({ ok: false, reason: 'badTarget' });
    expect(applyCopyEvent(copy(6, 'lost'), 'allocate', 2).ok).toBe(false);
  });

  it('lost and weeded copies come back through found and restore', () => {
    const lost = applyCopyEvent(copy(2, 'borrowed'), 'markLost');
    expect(lost).toEqual({ ok: true, next: copy(6, 'lost') });
    expect(applyCopyEvent(copy(6, 'lost'), 'found', 2)).toEqual({ ok: true, next: copy(2, 'available') });
    expect(applyCopyEvent(copy(6, 'lost'), 'weed')).toEqual({ ok: true, next: copy(3, 'available') });
    expect(applyCopyEvent(copy(3, 'available'), 'restore')).toEqual({ ok: true, next: copy(1, 'available') });
  });

  it('claimed-returned copies are received or returned, holds are cancelled', () => {
    expect(applyCopyEvent(copy(2, 'borrowed'), 'claimReturned')).toEqual({ ok: true, next: copy(2, 'returned-not-received') });
    expect(applyCopyEvent(copy(2, 'returned-not-received'), 'receive')).toEqual({ ok: true, next: copy(2, 'available') });
    expect(applyCopyEvent(copy(2, 'reserved'), 'cancelReservation')).toEqual({ ok: true, next: copy(2, 'available') });
    expect(applyCopyEvent(copy(2, 'available'), 'unlock').ok).toBe(false);
  });

  it('every result is a valid state, and allowed agrees with apply (property)', () => {
    fc.assert(fc.property(
      fc.constantFrom(...STORAGE_AREA_CODES, 3, 6), fc.constantFrom(...CIRCULATION_STATES), fc.constantFrom(...COPY_EVENTS), fc.constantFrom(...STORAGE_AREA_CODES),
      (storage, circ, ev, target) => {
        const r = applyCopyEvent(copy(storage, circ), ev, target);
        if (!copyEventAllowed(copy(storage, circ), ev)) expect(r).toMatchObject({ ok: false, reason: 'illegal' });
        if (r.ok) {
          expect(STORAGE_AREA_CODES).toContain(r.next.storage);
          expect(CIRCULATION_STATES).toContain(r.next.circ);
        }
      },
    ));
  });

  it('every event has at least one transition', () => {
    for (const ev of COPY_EVENTS) expect(COPY_TRANSITIONS.some((t) => t.event === ev), ev).toBe(true);
  });

});
