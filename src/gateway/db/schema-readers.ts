import type { Generated } from 'kysely';

/** Tables of migration 0006 (readers). users.photo is declared on UsersTable. */
export interface StudentParentsTable {
  school_id: number;
  student_id: number;
  parent_id: number;
}

export interface ReaderCardEventsTable {
  id: Generated<number>;
  school_id: number;
  user_id: number;
  /** issue | replace | lost | refund */
  action: string;
  old_card_no: string;
  new_card_no: string;
  deposit_before: number;
  deposit_after: number;
  operator_id: number | null;
  operator_name: string;
  note: string;
  created_at: string;
}
