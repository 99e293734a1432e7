import { wordReason, type DeskReason, type DeskReasonCode } from '../../shared/api/circulation.ts';
import { ServiceCode } from '../../shared/api/envelope.ts';
import type { Reason } from '../../shared/domain/borrowing/reasons.ts';
import { storageAreaName } from '../../shared/domain/catalogue/copy-states.ts';
import { AppError } from '../http/app-error.ts';

/**
 * Refusals of the desk: every reason (the rules module's and the desk's own), each with its i18n
 * key and params in the envelope's data, and the first one worded in the caller's language as the
 * message ("Not lent: the reader card is disabled").
 */

type Translate = (key: string, params?: Record<string, unknown>) => string;
type DeskOwnCode = Exclude<DeskReasonCode, Reason['code']>;

/** The rules module's reason in the contract's shape. */
export function fromRule(r: Reason): DeskReason {
  return { Code: r.code, Key: r.key, Params: r.params };
}

export function deskReason(code: DeskOwnCode, params: Record<string, string | number> = {}): DeskReason {
  return { Code: code, Key: `circulation:reason.${code}`, Params: params };
}

/**
 * Why an unlendable copy is refused: its state (lost, locked …), or, when it is available, the
 * storage area that lends nothing (a reading room). Raw codes: whoever shows it words them.
 */
export function unlendableReason(barcode: string, circState: string, storage: number): DeskReason {
  return circState === 'available'
    ? deskReason('notForLoan', { barcode, area: storageAreaName(storage) ?? 'cataloguing' })
    : deskReason('copyNotAvailable', { barcode, state: circState });
}

const NOT_FOUND: ReadonlySet<DeskReasonCode> = new Set(['readerNotFound', 'copyNotFound']);

/**
 * The refusal of a borrow, return or renew. A reader or copy that does not exist comes first and
 * makes it a 404 (what the request names does not exist); anything else is the rules' or the
 * state's 409.
 */
export function deskRefusal(t: Translate, action: 'borrow' | 'return' | 'renew', reasons: readonly DeskReason[]): AppError {
  const ordered = [...reasons].sort((a, b) => Number(NOT_FOUND.has(b.Code)) - Number(NOT_FOUND.has(a.Code)));
  const first = ordered[0];
  if (!first) throw new Error('deskRefusal without a reason');
  const status = NOT_FOUND.has(first.Code) ? ServiceCode.notFound : ServiceCode.conflict;
  return new AppError(status, `circulation:refused.${action}`, { status, params: { reason: wordReason(t, first) }, data: { Reasons: ordered } });
}
