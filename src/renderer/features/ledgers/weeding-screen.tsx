import { LedgerList } from './ledger-list.tsx';

/** /weeding: see shared/api/ledgers.ts for what this register lists. */
export default function WeedingLedgerScreen() {
  return <LedgerList kind="weeding" />;
}
