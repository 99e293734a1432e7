import { LedgerList } from './ledger-list.tsx';

/** /singlebatch: see shared/api/ledgers.ts for what this register lists. */
export default function SingleBatchLedgerScreen() {
  return <LedgerList kind="singlebatch" />;
}
