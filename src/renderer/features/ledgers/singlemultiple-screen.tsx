import { LedgerList } from './ledger-list.tsx';

/** /singlemultiple: see shared/api/ledgers.ts for what this register lists. */
export default function SingleMultipleLedgerScreen() {
  return <LedgerList kind="singlemultiple" />;
}
