import type { ReaderStatus } from '../../../shared/api/readers.ts';

export type CardAction = 'issue' | 'replace' | 'lost' | 'refund';

/**
 * Which desk actions a card allows, mirroring the gateway's rules so buttons that would only be
 * refused are disabled: a lost card is replaced (not re-issued); a closed (disabled) card is
 * issued again before anything else; the deposit is returned only when there is one.
 */
export function cardActionsFor(status: ReaderStatus, deposit: number): Record<CardAction, boolean> {
  return {
    issue: status !== 'lost',
    replace: status !== 'disabled',
    lost: status !== 'lost' && status !== 'disabled',
    refund: deposit > 0,
  };
}
