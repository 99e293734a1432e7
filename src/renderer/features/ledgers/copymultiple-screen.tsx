import { LedgerList } from './ledger-list.tsx';

/** /copymultiple: see shared/api/ledgers.ts for what this register lists. */
export default function CopyMultipleLedgerScreen() {
  return <LedgerList kind="copymultiple" />;
}
