import type { Generated } from 'kysely';

/** Tables of the organisation slice (migration 0005); `departments` itself is in schema.ts. */

export interface TermsTable {
  id: Generated<number>;
  school_id: number;
  /** "2026-2027" */
  school_year: string;
  name: string;
  en_name: string;
  /** YYYY-MM-DD; end after start, terms of a school never overlap. */
  start_date: string;
  end_date: string;
  /** 0/1; at most one current term per school (partial unique index). */
  is_current: number;
  updated_at: string;
}

export interface SubjectsTable {
  id: Generated<number>;
  school_id: number;
  name: string;
  en_name: string;
  code: string;
  sort: number;
  /** 1 enabled, 0 disabled */
  state: number;
}

/** School organisation contacts (the spec keeps them client-side; we keep them per school). */
export interface SchoolOrganizationsTable {
  id: Generated<number>;
  school_id: number;
  name: string;
  en_name: string;
  contact: string;
  phone: string;
  email: string;
  address: string;
  remark: string;
  sort: number;
}
