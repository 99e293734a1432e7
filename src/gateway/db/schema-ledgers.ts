import type { Generated } from 'kysely';

/** Tables of the summary register kept as it goes (migration 0046; ledgers/ledger-lines.ts). */

export interface LedgerDirtyTable {
  school_id: number;
  title_id: number;
}

export interface LedgerStateTable {
  school_id: number;
  /** The calendar's UTC offset (minutes) the lines' days were taken in. */
  utc_offset: number;
}

/** A line's key: its school-local day, 'in' (accession) or 'out' (weedings), the batch (0: none), the branch (0: all). */
interface LedgerLineKey {
  school_id: number;
  branch_key: number;
  day: string;
  kind: 'in' | 'out';
  batch_key: number;
  /** The title's resource type (0: none). */
  type_key: number;
}

export interface LedgerTitleLinesTable extends LedgerLineKey {
  title_id: number;
  copies: number;
  cents: number | string;
  /** +1: the title came into the collection with this line; −1: it left with it; 0: neither. */
  enter: number;
}

export interface LedgerLinesTable extends LedgerLineKey {
  /** Titles with copies in the line. */
  titles: number;
  copies: number;
  cents: number | string;
  enter: number;
}

/** A scope of several branches whose lines are kept too (migration 0050; ledgers/ledger-branch-sets.ts). */
export interface LedgerBranchSetsTable {
  school_id: number;
  /** −2, −3, …: the lines' branch_key. */
  set_key: number;
  /** The branch ids, sorted, joined by commas. */
  branches: string;
  /** 1 once every title was built with this set. */
  ready: Generated<number>;
}
