/**
 * The one state machine of a copy. A copy has two coordinates: its storage area (where it
 * belongs: the spec's codes 1–9, 7 unused) and its circulation state (what is happening to it).
 * Every call that changes a copy asks `applyCopyEvent` first; the gateway refuses what it
 * refuses, with a message naming the copy, its state and the attempted change. The circulation
 * desk reuses it unchanged.
 *
 * Designed after Koha's and FOLIO's item statuses: a copy on loan, on the hold shelf or claimed
 * returned cannot be moved, weeded or deleted; lost and weeded copies must be found or restored
 * before they circulate; allocation is how a copy enters circulation, reading, recommended or
 * turnover areas (the target area decides the storage code).
 */

export const STORAGE_AREAS = {
  cataloguing: 1,
  circulation: 2,
  weeded: 3,
  recommended: 4,
  turnover: 5,
  lost: 6,
  reading: 8,
  checked: 9,
} as const;
export type StorageAreaName = keyof typeof STORAGE_AREAS;
export type StorageArea = (typeof STORAGE_AREAS)[StorageAreaName];
export const STORAGE_AREA_CODES: readonly StorageArea[] = Object.values(STORAGE_AREAS);

export function storageAreaName(code: number): StorageAreaName | undefined {
  return (Object.keys(STORAGE_AREAS) as StorageAreaName[]).find((k) => STORAGE_AREAS[k] === code);
}

export const CIRCULATION_STATES = ['available', 'borrowed', 'lost', 'reserving', 'reserved', 'returned-not-received', 'locked'] as const;
export type CirculationState = (typeof CIRCULATION_STATES)[number];

export const COPY_EVENTS = [
  'allocate', 'weed', 'restore', 'markLost', 'found', 'check',
  'borrow', 'renew', 'return', 'claimReturned', 'receive',
  'reserve', 'reserveReady', 'cancelReservation', 'lock', 'unlock', 'delete',
] as const;
export type CopyEvent = (typeof COPY_EVENTS)[number];

export interface CopyState {
  storage: number;
  circ: CirculationState;
}

/** Storage areas a copy can be placed in by allocation (not weeded or lost: those are events). */
export const PLACEABLE_AREAS: readonly StorageArea[] = [1, 2, 4, 5, 8, 9];
/** Storage areas whose copies may be lent. */
export const LENDING_AREAS: readonly StorageArea[] = [2, 5];
const SHELVED: readonly StorageArea[] = [1, 2, 4, 5, 8, 9];

/** Where a copy is for a reader (the public catalogue): its storage area and circulation state in one word. */
export const PUBLIC_COPY_STATES = ['available', 'onLoan', 'onHoldShelf', 'inLibraryOnly', 'processing', 'unavailable'] as const;
export type PublicCopyState = (typeof PUBLIC_COPY_STATES)[number];

/** Reading and recommended areas: on the shelf to read there, not lent. */
const IN_LIBRARY_AREAS: readonly number[] = [STORAGE_AREAS.recommended, STORAGE_AREAS.reading];
/** Being catalogued or checked: in the library, not on the public shelf yet. */
const PROCESSING_AREAS: readonly number[] = [STORAGE_AREAS.cataloguing, STORAGE_AREAS.checked];

/**
 * The public state of a copy: borrowed → onLoan; waiting for or on the hold shelf → onHoldShelf;
 * lost, locked or claimed returned → unavailable; otherwise by area: lending areas → available,
 * reading and recommended areas → inLibraryOnly, cataloguing and checked → processing. Weeded
 * copies are never shown to readers (the callers leave them out); they would be unavailable.
 */
export function publicCopyState(storage: number, circ: string): PublicCopyState {
  if (circ === 'borrowed') return 'onLoan';
  if (circ === 'reserving' || circ === 'reserved') return 'onHoldShelf';
  if (circ !== 'available') return 'unavailable';
  if ((LENDING_AREAS as readonly number[]).includes(storage)) return 'available';
  if (IN_LIBRARY_AREAS.includes(storage)) return 'inLibraryOnly';
  if (PROCESSING_AREAS.includes(storage)) return 'processing';
  return 'unavailable';
}

interface Transition {
  event: CopyEvent;
  /** Storage areas the copy may be in (all when omitted). */
  fromStorage?: readonly number[];
  fromCirc: readonly CirculationState[];
  /** 'target': the storage code of the event's target area; 'keep': unchanged. */
  toStorage: StorageArea | 'target' | 'keep';
  toCirc: CirculationState | 'keep';
  /** What the README table says about the row. */
  note: string;
}

/** The allowed changes, as data: the README table is generated from it (tested). */
export const COPY_TRANSITIONS: readonly Transition[] = [
  { event: 'allocate', fromStorage: SHELVED, fromCirc: ['available', 'locked'], toStorage: 'target', toCirc: 'keep', note: 'to another branch or area; the area gives the storage code (1, 2, 4, 5, 8, 9)' },
  { event: 'check', fromStorage: SHELVED, fromCirc: ['available', 'locked'], toStorage: 9, toCirc: 'keep', note: 'stocktake: seen on the shelf' },
  { event: 'weed', fromStorage: [1, 2, 4, 5, 6, 8, 9], fromCirc: ['available', 'locked', 'lost'], toStorage: 3, toCirc: 'available', note: 'withdrawn from the collection' },
  { event: 'restore', fromStorage: [3], fromCirc: ['available'], toStorage: 1, toCirc: 'available', note: 'back to cataloguing, then allocated' },
  { event: 'markLost', fromStorage: [1, 2, 4, 5, 8, 9], fromCirc: ['available', 'locked', 'borrowed', 'reserving', 'returned-not-received'], toStorage: 6, toCirc: 'lost', note: 'missing from the shelf, or lost by its borrower (the desk closes the loan)' },
  { event: 'found', fromStorage: [6], fromCirc: ['lost'], toStorage: 'target', toCirc: 'available', note: 'back to the area it is returned to' },
  { event: 'borrow', fromStorage: LENDING_AREAS, fromCirc: ['available', 'reserved'], toStorage: 'keep', toCirc: 'borrowed', note: 'reserved: only by the reader it is held for (the desk checks)' },
  { event: 'renew', fromCirc: ['borrowed'], toStorage: 'keep', toCirc: 'borrowed', note: '' },
  { event: 'return', fromCirc: ['borrowed', 'returned-not-received'], toStorage: 'keep', toCirc: 'available', note: '' },
  { event: 'claimReturned', fromCirc: ['borrowed'], toStorage: 'keep', toCirc: 'returned-not-received', note: 'the reader says it was returned; not on the shelf' },
  { event: 'receive', fromCirc: ['returned-not-received'], toStorage: 'keep', toCirc: 'available', note: 'a claimed-returned copy turns up' },
  { event: 'reserve', fromStorage: LENDING_AREAS, fromCirc: ['available'], toStorage: 'keep', toCirc: 'reserving', note: 'a hold asks staff to fetch it' },
  { event: 'reserveReady', fromStorage: LENDING_AREAS, fromCirc: ['available', 'reserving'], toStorage: 'keep', toCirc: 'reserved', note: 'on the hold shelf' },
  { event: 'cancelReservation', fromCirc: ['reserving', 'reserved'], toStorage: 'keep', toCirc: 'available', note: '' },
  { event: 'lock', fromCirc: ['available'], toStorage: 'keep', toCirc: 'locked', note: 'repair, binding, stocktake' },
  { event: 'unlock', fromCirc: ['locked'], toStorage: 'keep', toCirc: 'available', note: '' },
  { event: 'delete', fromCirc: ['available', 'locked', 'lost'], toStorage: 'keep', toCirc: 'keep', note: 'never with an open loan or a hold' },
];

export type CopyEventResult =
  | { ok: true; next: CopyState }
  | { ok: false; reason: 'illegal' | 'badTarget'; messageKey: string };

/**
 * The copy's next state after `event`, or why not. `targetStorage` is the storage code of the
 * target area for 'allocate' and 'found'.
 */
export function applyCopyEvent(copy: CopyState, event: CopyEvent, targetStorage?: number): CopyEventResult {
  const rows = COPY_TRANSITIONS.filter((t) => t.event === event);
  const row = rows.find((t) => t.fromCirc.includes(copy.circ) && (!t.fromStorage || t.fromStorage.includes(copy.storage)));
  if (!row) return { ok: false, reason: 'illegal', messageKey: 'catalogue:copyState.illegal' };
  let storage = copy.storage;
  if (row.toStorage === 'target') {
    if (targetStorage == null || !(PLACEABLE_AREAS as readonly number[]).includes(targetStorage)) {
      return { ok: false, reason: 'badTarget', messageKey: 'catalogue:copyState.badTarget' };
    }
    storage = targetStorage;
  } else if (row.toStorage !== 'keep') storage = row.toStorage;
  return { ok: true, next: { storage, circ: row.toCirc === 'keep' ? copy.circ : row.toCirc } };
}

/** Whether the event is allowed, without computing the target. */
export function copyEventAllowed(copy: CopyState, event: CopyEvent): boolean {
  return COPY_TRANSITIONS.some((t) => t.event === event && t.fromCirc.includes(copy.circ) && (!t.fromStorage || t.fromStorage.includes(copy.storage)));
}

/** The transition table as Markdown, for the README (a test keeps them equal). */
export function copyTransitionsMarkdown(): string {
  const area = (codes: readonly number[] | undefined) => (codes ? codes.join(', ') : 'any');
  const to = (v: Transition['toStorage'] | Transition['toCirc']) => (v === 'keep' ? 'unchanged' : v === 'target' ? 'target area' : String(v));
  const lines = [
    '| event | from storage area | from circulation state | to storage area | to circulation state | note |',
    '|---|---|---|---|---|---|',
    ...COPY_TRANSITIONS.map((t) => `| ${t.event} | ${area(t.fromStorage)} | ${t.fromCirc.join(', ')} | ${to(t.toStorage)} | ${to(t.toCirc)} | ${t.note} |`),
  ];
  return lines.join('\n');
}
