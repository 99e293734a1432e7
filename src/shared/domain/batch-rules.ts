/**
 * Acquisition batches (验收批次): the state machine and the money rule, shared by the gateway (which
 * enforces them), the cataloguing slice (which prices copies registered against a batch) and the
 * /batch screen (which offers only the actions the state allows).
 */

/** open: copies are being registered; accepted: checked against the invoice; closed: settled. */
export const BATCH_STATES = ['open', 'accepted', 'closed'] as const;
export type BatchState = (typeof BATCH_STATES)[number];

/** The actions between states. Reopening is separate because it needs its own permission. */
export const BATCH_ACTIONS = {
  accept: { from: 'open', to: 'accepted' },
  close: { from: 'accepted', to: 'closed' },
  reopen: { from: 'closed', to: 'accepted' },
} as const satisfies Record<string, { from: BatchState; to: BatchState }>;
export type BatchAction = keyof typeof BATCH_ACTIONS;

/** The action that moves a batch from `from` to `to`, or null when the machine has no such edge. */
export function batchActionFor(from: BatchState, to: BatchState): BatchAction | null {
  for (const [action, edge] of Object.entries(BATCH_ACTIONS) as Array<[BatchAction, { from: BatchState; to: BatchState }]>) {
    if (edge.from === from && edge.to === to) return action;
  }
  return null;
}

/** The actions a batch in `state` offers (at most one forward action; closed offers reopen). */
export function batchActionsFrom(state: BatchState): BatchAction[] {
  return (Object.keys(BATCH_ACTIONS) as BatchAction[]).filter((a) => BATCH_ACTIONS[a].from === state);
}

/** Copies may be registered against open and accepted batches (late deliveries); a closed batch is settled. */
export const acceptsCopies = (state: BatchState): boolean => state !== 'closed';

/** A copy of a batch in `state` (none: no batch) keeps its prices and its batch: the batch is settled. */
export const settlesCopies = (state: BatchState | null | undefined): boolean => state != null && !acceptsCopies(state);

/** Currencies a bookseller invoices in (ISO 4217); CNY first, the usual one. */
export const CURRENCIES = ['CNY', 'HKD', 'TWD', 'USD', 'EUR', 'GBP', 'JPY'] as const;
export type Currency = (typeof CURRENCIES)[number];

/**
 * What was paid for a copy: its list price × the batch's discount rate (percent of the list price
 * paid), to the cent, halves rounded up. Worked in integer cents and basis points, so 10.7 × 85 %
 * is exactly 9.10 and not the 9.09 a float product (909.4999… cents) gives.
 */
export function discountPrice(price: number, ratePercent: number): number {
  const cents = Math.round(price * 100);
  const basisPoints = Math.round(ratePercent * 100);
  return Math.round((cents * basisPoints) / 10_000) / 100;
}

/** A sum of prices in yuan as shown: 2 decimals, from integer cents so no float drift adds up. */
export function sumMoney(values: Iterable<number>): number {
  let cents = 0;
  for (const v of values) cents += Math.round(v * 100);
  return cents / 100;
}
