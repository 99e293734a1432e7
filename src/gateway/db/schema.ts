import type { ColumnType, Generated } from 'kysely';
import type { ReaderCardEventsTable, StudentParentsTable } from './schema-readers.ts';
import type { BookReviewsTable, RecallNoticesTable } from './schema-circulation-recall.ts';
import type { BorrowPinsTable, BorrowingSettingsTable, CalendarDaysTable, GroupAssignmentsTable, PermissionGroupsTable, PermissionGroupTypeRulesTable } from './schema-borrow-rules.ts';
import type { SchoolOrganizationsTable, SubjectsTable, TermsTable } from './schema-organization.ts';
import type { RoleBranchesTable, RoleResourceTypesTable, RolesScopeColumns, RolloverBatchesTable, UserRoleScopesTable } from './schema-roles.ts';
import type { BarcodePreprintsTable, BarcodeSequencesTable, BatchesTable, ClassSequencesTable, CopyCatalogueColumns, CopyEventsTable, SchoolSettingsTable, TitleCatalogueColumns, TitleTermSetsTable, TitleTermsTable } from './schema-catalogue.ts';
import type { FloorPlansTable, ResourceAccessTable, ResourceTypesTable, ShelfAreasTable, ShelfPositionsTable, ShelvesTable } from './schema-basic-sets.ts';
import type { LibraryPicturesTable, LibraryProfilesTable, NetworkResourcesTable, NewbookAnnouncementsTable, NewbookAnnouncementTitlesTable } from './schema-library-info.ts';
import type { LedgerBranchSetsTable, LedgerDirtyTable, LedgerLinesTable, LedgerStateTable, LedgerTitleLinesTable } from './schema-ledgers.ts';
import type { StocktakeAreasTable, StocktakeItemsTable, StocktakesTable, StocktakeUnknownTable } from './schema-stocktaking.ts';
import type { ActivitiesTable, ActivitySubmissionsTable, ActivityTaskBooksTable, ActivityTasksTable, ActivityThemesTable, BooklistEntriesTable, BooklistsTable, RecommendationsTable } from './schema-reader-services.ts';
import type { GateEventsTable, GateHoursTable, GatesTable } from './schema-gate.ts';
import type { SavedQueriesTable } from './schema-statistical-query.ts';
import type { BridgePlatformsTable, BridgeTicketsUsedTable, OauthAppsTable } from './schema-connect.ts';

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
  /** 0004: the unit's library administrator (an account of this school, and a display name). */
  admin_account: Generated<string>;
  admin_name: Generated<string>;
  /** 0047: the copies per student the school is held to (null: the national figure for its learning period). */
  books_per_student: number | null;
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
  /** Stored photo file id ('' = none), migration 0006. */
  photo: Generated<string>;
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

/** 0/1 flag (SQLite has no boolean; PostgreSQL uses the same integer column). */
type Flag = number;

export interface DepartmentsTable {
  id: Generated<number>;
  school_id: number;
  parent_id: number | null;
  name: string;
  en_name: string;
  /**
   * dept: reader department of staff (tree); org: administrative organisation tree;
   * stage → grade → class: the teaching structure (migration 0005 added stage and org).
   */
  kind: 'dept' | 'org' | 'stage' | 'grade' | 'class';
  /** primary | junior | senior on stage, grade and class rows (null for dept/org). */
  learning_stage: string | null;
  sort: number;
  /** The columns below came with migration 0005 (organisation slice). */
  code: ColumnType<string, string | undefined, string>;
  /** 1 enabled, 0 disabled */
  state: ColumnType<number, number | undefined, number>;
  /** Grades: 1..n within their stage (rollover promotes a class to level + 1). */
  grade_level: ColumnType<number | null, number | null | undefined, number | null>;
  /** Classes: the year the class entered its stage. */
  entry_year: ColumnType<number | null, number | null | undefined, number | null>;
  head_teacher_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface BranchesTable {
  id: Generated<number>;
  school_id: number;
  code: string;
  name: string;
  en_name: string;
  sort: number;
  /** 0004 */
  address: Generated<string>;
  contact: Generated<string>;
  phone: Generated<string>;
  open_hours: Generated<string>;
}

export interface CollectionAreasTable {
  id: Generated<number>;
  school_id: number;
  branch_id: number;
  code: string;
  name: string;
  en_name: string;
  sort: number;
  /** 0004: storage-area code new copies here get (spec section 4), and whether they circulate. */
  storage_area: Generated<number>;
  circulating: Generated<Flag>;
}

export interface TitlesTable {
  id: Generated<number>;
  school_id: number;
  title: string;
  /** English title, or the original title of a translated work. */
  en_title: string;
  author: string;
  publisher: string;
  isbn: string;
  /** Price in yuan (2 decimals shown). */
  price: number;
  /** Chinese Library Classification number, e.g. I287.5 */
  class_no: string;
  book_no: string;
  /** zh | en | ... */
  language: string;
  pub_year: number | null;
  /** Full pinyin and initials of the title, for search. */
  pinyin: string;
  initials: string;
  created_at: Timestamp;
}

export interface CopiesTable {
  id: Generated<number>;
  school_id: number;
  title_id: number;
  /** Unique per school. */
  barcode: string;
  /** Unique per school when present. */
  rfid: string | null;
  branch_id: number;
  area_id: number | null;
  call_no: string;
  /** Storage-area code of the spec (section 4): 1..9, 7 unused. */
  storage_area: number;
  /** available | borrowed | lost | reserving | reserved | returned-not-received | locked */
  circ_state: string;
  price: number;
  created_at: Timestamp;
}

export interface LoansTable {
  id: Generated<number>;
  school_id: number;
  copy_id: number;
  user_id: number;
  loaned_at: string;
  due_at: string;
  /** null while the loan is open; one open loan per copy (partial unique index). */
  returned_at: string | null;
  renew_count: Generated<number>;
  /** 0016: the staff user who lent it and who took it back (null: before the desk, or imported). */
  loaned_by: ColumnType<number | null, number | null | undefined, number | null>;
  returned_by: ColumnType<number | null, number | null | undefined, number | null>;
  /** 0016: 1 when the desk undid the loan (returned_at is then the undo's time); the row stays. */
  cancelled: Generated<Flag>;
  /** 0017: how a loan closed when not returned: 'lost' (a loss registered) or 'weeded' (written off); null otherwise. */
  closed_as: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The circulation desk's journal (0016): what each desk did, so it can undo its latest within a window. */
export interface CircTransactionsTable {
  id: Generated<number>;
  school_id: number;
  /** 'due': a due day set by batch circulation (/batchcondition), never undone at the desk. */
  kind: 'borrow' | 'return' | 'renew' | 'undo' | 'due';
  loan_id: number;
  copy_id: number;
  /** users.id of the reader whose loan it is. */
  reader_id: number;
  staff_id: number;
  at: string;
  /** Renew and undo of a renew: the due date before and after. */
  due_before: string | null;
  due_after: string | null;
  /** For an undo: the transaction it undid. */
  undo_of: number | null;
  /** The undo that undid this transaction, if any. */
  undone_by: number | null;
}

/** The operation log (0031): one row per logged call; see gateway/operation-log. */
export interface OperationLogTable {
  id: Generated<number>;
  school_id: number;
  at: string;
  user_id: number | null;
  user_name: string;
  user_account: string;
  workstation: string;
  ip: string;
  domain: string;
  call_id: string;
  /** What the call acted on, from its input (secrets left out). */
  target: string;
  result: 'ok' | 'refused' | 'failed';
  message_key: string;
  /** JSON. */
  message_params: string;
  duration_ms: number;
}

/** A lost book and its compensation bill (0017); money in cents. */
export interface LossRecordsTable {
  id: Generated<number>;
  school_id: number;
  bill_no: string;
  copy_id: number;
  barcode: string;
  title: string;
  call_no: string;
  branch_id: number;
  /** The copy's area when it was lost: where a found copy goes back by default. */
  area_id: number | null;
  price_cents: number;
  kind: string;
  loan_id: number | null;
  /** users.id, card, name and dept of the reader when registered; null/'' when missing from the shelf. */
  reader_id: number | null;
  reader_card: string;
  reader_name: string;
  dept_id: number | null;
  registered_at: string;
  registered_by: number;
  suggested_cents: number;
  amount_cents: number;
  amount_reason: string;
  /** notCompensated | compensated | retrieved */
  state: string;
  paid_cents: number | null;
  pay_way: string | null;
  paid_at: string | null;
  paid_by: number | null;
  retrieved_at: string | null;
  retrieved_by: number | null;
  refund_cents: number | null;
  refunded_at: string | null;
  refunded_by: number | null;
  written_off_at: string | null;
  written_off_by: number | null;
  note: string;
}

/** The class corner (0018): a copy's stay in a class's corner; removed_at closes it (history kept). */
export interface ClassCornerItemsTable {
  id: Generated<number>;
  school_id: number;
  dept_id: number;
  copy_id: number;
  /** The copy's storage area before it was placed: where taking it back returns it. */
  from_storage: number;
  placed_at: string;
  placed_by: number | null;
  removed_at: string | null;
  removed_by: number | null;
}

/** The class corner's own lending ledger (0018); one open loan per copy (partial unique index). */
export interface ClassCornerLoansTable {
  id: Generated<number>;
  school_id: number;
  dept_id: number;
  item_id: number;
  copy_id: number;
  user_id: number;
  loaned_at: string;
  /** School-local yyyy-mm-dd. */
  due_day: string;
  returned_at: string | null;
  loaned_by: number | null;
  returned_by: number | null;
}

/** A class's own corner rule (0018); none: DEFAULT_CLASS_RULE. */
export interface ClassCornerRulesTable {
  id: Generated<number>;
  school_id: number;
  dept_id: number;
  max_loans: number;
  loan_days: number;
  updated_at: string;
  updated_by: number | null;
}

export interface MenusTable {
  id: Generated<number>;
  school_id: number;
  parent_id: number | null;
  name: string;
  en_name: string;
  /** Route path; group parents use "group:<group>". */
  url: string;
  icon: string;
  sort: number;
  external: Flag;
  /** JSON array of operation keys offered on this menu. */
  functions: string;
}

export interface ShortcutsTable {
  id: Generated<number>;
  school_id: number;
  user_id: number;
  url: string;
  sort: number;
}

export interface NoticesTable {
  id: Generated<number>;
  school_id: number;
  title: string;
  en_title: string;
  content: string;
  en_content: string;
  top: Flag;
  publish_time: string;
  /** 1: shown before sign-in (LibNotice/GetNoticeList without a token); 0: to signed-in users only. */
  is_public: ColumnType<Flag, Flag | undefined, Flag>;
}

export interface JobsTable {
  id: Generated<number>;
  school_id: number;
  user_id: number;
  /** Public id of the task (uuid), what the client polls with. */
  data_id: string;
  file_name: string;
  operation_type: string;
  /** Rows processed so far; done when it reaches data_count. */
  progress: number;
  data_count: number;
  /** 1 running, 2 done, 3 failed, 4 stopped */
  state: number;
  /** Path of the result file, relative to the data folder. */
  result_path: string | null;
  message: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Single-use download tickets (0010); see jobs/download-tickets.ts. */
export interface DownloadTicketsTable {
  id: Generated<number>;
  school_id: number;
  user_id: number;
  job_id: number;
  ticket_hash: string;
  binding_hash: string;
  expires_at: string;
  used_at: string | null;
}

export interface TranslationsTable {
  id: Generated<number>;
  school_id: number;
  key: string;
  zh_cn: string;
  en_us: string;
  updated_at: string;
}

export interface IdempotencyKeysTable {
  school_id: number;
  key: string;
  /** Hash of call id + input: the same key with another request is refused. */
  fingerprint: string;
  /** JSON of the stored reply (status and body). */
  response: string;
  created_at: string;
}

export interface MigrationsTable {
  id: string;
  applied_at: string;
}

/** 0026: holds, a queue per title (shared/api/holds.ts has the states). */
export interface HoldsTable {
  id: Generated<number>;
  school_id: number;
  title_id: number;
  user_id: number;
  state: string;
  copy_id: number | null;
  placed_at: string;
  placed_by: number | null;
  found_at: string | null;
  expires_at: string | null;
  closed_at: string | null;
  closed_by: number | null;
  loan_id: number | null;
  note: ColumnType<string, string | undefined, string>;
}

export interface VolunteerPostsTable { id: Generated<number>; school_id: number; name: string; en_name: string; sort: number; state: number }
export interface VolunteersTable {
  id: Generated<number>;
  school_id: number;
  /** users.id of the reader who volunteers. */
  user_id: number;
  post_id: number;
  term_id: number;
  state: 'active' | 'ended';
  note: string;
  created_at: string;
}
export interface VolunteerShiftsTable { id: Generated<number>; school_id: number; weekday: number; start_time: string; end_time: string; post_id: number; note: string }
export interface VolunteerShiftMembersTable { shift_id: number; volunteer_id: number }
export interface VolunteerDutiesTable {
  id: Generated<number>;
  school_id: number;
  volunteer_id: number;
  post_id: number;
  /** The school's local day the duty started. */
  day: string;
  started_at: string;
  /** null while the duty is open. */
  ended_at: string | null;
  minutes: number | null;
  /** Who signed it in (or added it). */
  staff_id: number;
  /** Staff who last corrected it, with the note. */
  corrected_by: number | null;
  note: string;
}
export interface SignRecordsTable {
  id: Generated<number>;
  school_id: number;
  /** users.id of the reader who signed in. */
  user_id: number;
  /** The reader's class or department that day. */
  dept_id: number | null;
  identity: string;
  branch_id: number;
  room: string;
  station: string;
  staff_id: number;
  at: string;
  /** The school's local day of `at`. */
  day: string;
}
export interface SearchHotWordsTable { id: Generated<number>; school_id: number; word: string; sort: number; updated_at: string }
export interface SearchBlockedWordsTable { id: Generated<number>; school_id: number; word: string; updated_at: string }
export interface SearchLogTable {
  id: Generated<number>;
  school_id: number;
  word: string;
  hits: number;
  /** The searcher (null before sign-in); never shown, only their identity in aggregate. */
  user_id: number | null;
  identity: string;
  at: string;
}

export interface Database {
  schools: SchoolsTable;
  users: UsersTable;
  roles: RolesTable & RolesScopeColumns;
  role_branches: RoleBranchesTable;
  role_resource_types: RoleResourceTypesTable;
  user_role_scopes: UserRoleScopesTable;
  rollover_batches: RolloverBatchesTable;
  user_roles: UserRolesTable;
  departments: DepartmentsTable;
  branches: BranchesTable;
  collection_areas: CollectionAreasTable;
  resource_types: ResourceTypesTable;
  resource_access: ResourceAccessTable;
  shelf_areas: ShelfAreasTable;
  floor_plans: FloorPlansTable;
  shelves: ShelvesTable;
  shelf_positions: ShelfPositionsTable;
  titles: TitlesTable & TitleCatalogueColumns;
  copies: CopiesTable & CopyCatalogueColumns;
  title_terms: TitleTermsTable;
  title_term_sets: TitleTermSetsTable;
  batches: BatchesTable;
  barcode_sequences: BarcodeSequencesTable;
  barcode_preprints: BarcodePreprintsTable;
  class_sequences: ClassSequencesTable;
  school_settings: SchoolSettingsTable;
  copy_events: CopyEventsTable;
  loans: LoansTable;
  circ_transactions: CircTransactionsTable;
  operation_log: OperationLogTable;
  holds: HoldsTable;
  class_corner_items: ClassCornerItemsTable;
  class_corner_loans: ClassCornerLoansTable;
  class_corner_rules: ClassCornerRulesTable;
  recall_notices: RecallNoticesTable;
  book_reviews: BookReviewsTable;
  loss_records: LossRecordsTable;
  menus: MenusTable;
  shortcuts: ShortcutsTable;
  notices: NoticesTable;
  jobs: JobsTable;
  download_tickets: DownloadTicketsTable;
  translations: TranslationsTable;
  idempotency_keys: IdempotencyKeysTable;
  migrations: MigrationsTable;
  permission_groups: PermissionGroupsTable;
  permission_group_type_rules: PermissionGroupTypeRulesTable;
  group_assignments: GroupAssignmentsTable;
  borrowing_settings: BorrowingSettingsTable;
  calendar_days: CalendarDaysTable;
  terms: TermsTable;
  subjects: SubjectsTable;
  school_organizations: SchoolOrganizationsTable;
  volunteer_posts: VolunteerPostsTable;
  volunteers: VolunteersTable;
  volunteer_shifts: VolunteerShiftsTable;
  volunteer_shift_members: VolunteerShiftMembersTable;
  volunteer_duties: VolunteerDutiesTable;
  sign_records: SignRecordsTable;
  search_hot_words: SearchHotWordsTable;
  search_blocked_words: SearchBlockedWordsTable;
  search_log: SearchLogTable;
  student_parents: StudentParentsTable;
  reader_card_events: ReaderCardEventsTable;
  borrow_pins: BorrowPinsTable;
  recommendations: RecommendationsTable;
  booklists: BooklistsTable;
  booklist_entries: BooklistEntriesTable;
  library_profiles: LibraryProfilesTable;
  library_pictures: LibraryPicturesTable;
  network_resources: NetworkResourcesTable;
  newbook_announcements: NewbookAnnouncementsTable;
  newbook_announcement_titles: NewbookAnnouncementTitlesTable;
  activity_themes: ActivityThemesTable;
  activities: ActivitiesTable;
  activity_tasks: ActivityTasksTable;
  activity_task_books: ActivityTaskBooksTable;
  activity_submissions: ActivitySubmissionsTable;
  ledger_dirty: LedgerDirtyTable; ledger_state: LedgerStateTable; ledger_title_lines: LedgerTitleLinesTable; ledger_lines: LedgerLinesTable; ledger_branch_sets: LedgerBranchSetsTable;
  stocktakes: StocktakesTable; stocktake_areas: StocktakeAreasTable; stocktake_items: StocktakeItemsTable; stocktake_unknown: StocktakeUnknownTable;
  gates: GatesTable;
  gate_events: GateEventsTable;
  gate_hours: GateHoursTable;
  saved_queries: SavedQueriesTable;
  bridge_platforms: BridgePlatformsTable;
  bridge_tickets_used: BridgeTicketsUsedTable;
  oauth_apps: OauthAppsTable;
}
