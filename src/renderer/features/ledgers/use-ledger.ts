import { useQuery } from '@tanstack/react-query';
import { ledgerCalls as L, type LedgerKind } from '../../../shared/api/ledgers.ts';
import { call } from '../../lib/api-client.ts';

export const LEDGERS_NS = 'ledgers';

/** The parameters of a register as the form holds them ('' = all / not chosen). */
export interface LedgerParams {
  From: string;
  To: string;
  BranchID: string;
  ResourceTypeID: string;
  BatchIDs: number[];
}

/** Which parameters a register takes. */
export interface LedgerShape {
  /** 'required': the summary and weeding registers need a period; 'optional': may be left open. */
  period: 'required' | 'optional';
  /** 'one' / 'many': the batch registers name their batches; 'filter': may narrow to batches. */
  batches: 'one' | 'many' | 'filter';
}

export const SHAPES: Record<LedgerKind, LedgerShape> = {
  ledger: { period: 'required', batches: 'filter' },
  store: { period: 'required', batches: 'filter' },
  singlebatch: { period: 'optional', batches: 'one' },
  copybatch: { period: 'optional', batches: 'one' },
  singlemultiple: { period: 'optional', batches: 'many' },
  copymultiple: { period: 'optional', batches: 'many' },
  weeding: { period: 'required', batches: 'filter' },
};

const localToday = () => {
  const d = new Date();
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
};

/** This year so far for the registers of a period; open for the batch registers. */
export function defaultParams(kind: LedgerKind): LedgerParams {
  const today = localToday();
  const dated = SHAPES[kind].period === 'required';
  return { From: dated ? `${today.slice(0, 4)}-01-01` : '', To: dated ? today : '', BranchID: '', ResourceTypeID: '', BatchIDs: [] };
}

/** The call input of the form's parameters (empty ones left out). */
export function toInput(p: LedgerParams): Record<string, unknown> {
  return {
    ...(p.From ? { From: p.From } : {}),
    ...(p.To ? { To: p.To } : {}),
    ...(p.BranchID ? { BranchID: Number(p.BranchID) } : {}),
    ...(p.ResourceTypeID ? { ResourceTypeID: Number(p.ResourceTypeID) } : {}),
    ...(p.BatchIDs.length ? { BatchIDs: p.BatchIDs } : {}),
  };
}

/** The school's name, batches, branches and resource types for the form and the printed heading. */
export function useLedgerOptions(kind: LedgerKind) {
  return useQuery({ queryKey: ['ledgers', 'options', kind], queryFn: () => call(L.options, { Ledger: kind }), staleTime: 60_000 });
}

/** Money as registers write it: two decimals. */
export const money = (v: number) => v.toFixed(2);
