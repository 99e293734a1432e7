import type { ColumnType, Generated } from 'kysely';

/**
 * Database types (snake_case tables and columns so the same migrations run on SQLite and
 * PostgreSQL). Every tenant table carries school_id; repositories scope every query by it.
 * Timestamps are ISO-8601 strings. Booleans are stored as 0/1 integers (SQLite has none).
 */
type Timestamp = ColumnType<string, string | undefined, string>;

export interface SchoolsTable {
  id: Generated<number>;
  code: string;
  name: string;
  en_name: string;
  address: string;
  area: string;
  learning_period: string;
  /** JSON {"bgColor": "#...", "btColor": "#..."} */
  theme_color: string;
  password_policy: 'basic' | 'strong';
  created_at: Timestamp;
}

export interface UsersTable {
  id: Generated<number>;
  school_id: number;
  /** Sign-in account, unique across the gateway (the SSO login form has no school field). */
  account: string;
  name: string;
  /** scrypt hash; null = cannot sign in (most readers). */
  password_hash: string | null;
  identity: 'teacher' | 'student' | 'parent' | 'other';
  /** Reader card barcode, unique per school. */
  reader_id: string;
  dept_id: number | null;
  /** active | disabled | lost (card reported lost) | expired */
  status: string;
  phone: string;
  email: string;
  sex: 'male' | 'female' | 'unknown';
  birthday: string | null;
  language: 'zh-CN' | 'en-US';
  expire_at: string | null;
  deposit: number;
  /** Full pinyin and initials of the name, for search. */
  pinyin: string;
  initials: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RolesTable {
  id: Generated<number>;
  school_id: number;
  /** admin | librarian | class-librarian | head-teacher | reviewer | teacher | reader | custom */
  code: string;
  name: string;
  en_name: string;
  /** JSON array of menu paths and operation keys; ["*"] = everything. */
  permissions: string;
  created_at: Timestamp;
}

export interface UserRolesTable {
  user_id: number;
  role_id: number;
}

export interface Database {
  schools: SchoolsTable;
  users: UsersTable;
  roles: RolesTable;
  user_roles: UserRolesTable;
}
