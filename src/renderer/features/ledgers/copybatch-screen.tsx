import { LedgerList } from './ledger-list.tsx';

/** /copybatch: see shared/api/ledgers.ts for what this register lists. */
export default function CopyBatchLedgerScreen() {
  return <LedgerList kind="copybatch" />;
}
