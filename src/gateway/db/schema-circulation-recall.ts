import type { Generated } from 'kysely';

/** Tables of migrations 0029 (overdue reminders) and 0030 (readers' book reviews). */
export interface RecallNoticesTable {
  id: Generated<number>;
  school_id: number;
  loan_id: number;
  /** users.id of the reader reminded. */
  user_id: number;
  channel: 'print' | 'email';
  at: string;
  staff_id: number;
}

export interface BookReviewsTable {
  id: Generated<number>;
  school_id: number;
  title_id: number;
  /** users.id of the reader who wrote it. */
  user_id: number;
  /** 1–5 stars. */
  rating: number;
  text: string;
  state: 'pending' | 'passed' | 'rejected';
  created_at: string;
  updated_at: string;
  reviewed_by: number | null;
  reviewed_at: string | null;
}
