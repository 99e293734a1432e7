import { LedgerList } from './ledger-list.tsx';

/** /store: see shared/api/ledgers.ts for what this register lists. */
export default function StoreLedgerScreen() {
  return <LedgerList kind="store" />;
}
