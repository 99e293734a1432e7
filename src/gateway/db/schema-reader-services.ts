import type { ColumnType, Generated } from 'kysely';

/** Tables of the reader services of issue 9: purchase suggestions (0020) and reading lists (0021). */

export interface RecommendationsTable {
  id: Generated<number>;
  school_id: number;
  /** The reader who asked (users.id). */
  user_id: number;
  title: string;
  author: Generated<string>;
  publisher: Generated<string>;
  /** Normalised (digits and X) as typed, '' when none. */
  isbn: Generated<string>;
  /** The book's identity: ISBN-13, else "t:" + normalised title "|" author. */
  group_key: string;
  reason: Generated<string>;
  /** Copied from the reader when asked: identity, class or department, learning stage. */
  identity: string;
  dept_id: number | null;
  class_name: Generated<string>;
  learning_stage: string | null;
  state: Generated<'pending' | 'processed' | 'abandoned'>;
  abandon_reason: string | null;
  reply: Generated<string>;
  batch_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** Staff who typed it in for the reader; null when the reader did. */
  entered_by: ColumnType<number | null, number | null | undefined, number | null>;
  handled_by: ColumnType<number | null, number | null | undefined, number | null>;
  handled_at: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  updated_at: string;
}

export interface BooklistsTable {
  id: Generated<number>;
  school_id: number;
  name: string;
  description: Generated<string>;
  /** JSON array of learning stage codes (primary, junior, senior). */
  stages: Generated<string>;
  /** JSON array of grade department ids. */
  grade_ids: Generated<string>;
  /** 0/1: readers see published lists. */
  published: Generated<number>;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface BooklistEntriesTable {
  id: Generated<number>;
  school_id: number;
  booklist_id: number;
  title_id: number;
  sort: number;
  note: Generated<string>;
  added_by: number | null;
  added_at: string;
}

/** Reading themes (0034): a theme groups activities. */
export interface ActivityThemesTable {
  id: Generated<number>;
  school_id: number;
  title: string;
  summary: Generated<string>;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

/** A reading activity between two school-local days (yyyy-mm-dd, inclusive). */
export interface ActivitiesTable {
  id: Generated<number>;
  school_id: number;
  theme_id: number;
  title: string;
  summary: Generated<string>;
  body: Generated<string>;
  organizer: Generated<string>;
  start_date: string;
  end_date: string;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface ActivityTasksTable {
  id: Generated<number>;
  school_id: number;
  activity_id: number;
  title: string;
  description: Generated<string>;
  /** 'read' | 'note' (shared/api/activities.ts TASK_KINDS). */
  kind: string;
  target: Generated<number>;
  sort: number;
}

export interface ActivityTaskBooksTable {
  task_id: number;
  title_id: number;
  sort: number;
}

/** A reader's entry (reading note) to a task; `user_id` is its writer. */
export interface ActivitySubmissionsTable {
  id: Generated<number>;
  school_id: number;
  activity_id: number;
  task_id: number | null;
  title_id: number | null;
  user_id: number;
  content: string;
  created_at: string;
}
