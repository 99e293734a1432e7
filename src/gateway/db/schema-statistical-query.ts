import type { Generated } from 'kysely';

/** Saved queries of the query builder (0043). */
export interface SavedQueriesTable {
  id: Generated<number>;
  school_id: number;
  /** Who saved it. */
  user_id: number;
  name: string;
  /** The StatisticalQuery object as JSON. */
  query: string;
  created_at: string;
}
