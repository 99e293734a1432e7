import { DatabaseSync, type StatementSync, type SQLInputValue } from 'node:sqlite';
import {
  CompiledQuery,
  SqliteDialect,
  SqliteQueryCompiler,
  ValueNode,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type LimitNode,
  type OffsetNode,
  type OperationNode,
  type SqliteDatabase,
  type SqliteStatement,
  type TransactionSettings,
} from 'kysely';

/** node:sqlite has no boolean binding; the schema stores booleans as 0/1. */
function bindable(params: ReadonlyArray<unknown>): SQLInputValue[] {
  return params.map((p) => (typeof p === 'boolean' ? (p ? 1 : 0) : (p as SQLInputValue)));
}

/** Adapts a node:sqlite DatabaseSync to the better-sqlite3 shape Kysely's SqliteDialect expects. */
export function kyselySqliteDatabase(db: DatabaseSync): SqliteDatabase {
  // Kysely prepares every query afresh; a small cache saves the re-parse on hot paths.
  const cache = new Map<string, { stmt: StatementSync; reader: boolean }>();
  return {
    close: () => db.close(),
    prepare(sqlText: string): SqliteStatement {
      let hit = cache.get(sqlText);
      if (!hit) {
        const stmt = db.prepare(sqlText);
        hit = { stmt, reader: stmt.columns().length > 0 };
        if (cache.size >= 500) cache.delete(cache.keys().next().value as string);
        cache.set(sqlText, hit);
      }
      const { stmt, reader } = hit;
      return {
        reader,
        all: (p) => stmt.all(...bindable(p)),
        run: (p) => stmt.run(...bindable(p)),
        iterate: (p) => stmt.iterate(...bindable(p)),
      };
    },
  };
}

/** A FIFO lock: Kysely 0.29's SqliteDriver shares one connection with no mutex. */
class Lock {
  #held = false;
  #queue: Array<() => void> = [];
  async acquire(): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return;
    }
    await new Promise<void>((r) => this.#queue.push(r));
  }
  release(): void {
    const next = this.#queue.shift();
    if (next) next();
    else this.#held = false;
  }
}

/**
 * Wraps Kysely's SQLite driver so that a transaction owns the single connection until it ends
 * (other queries wait instead of slipping into it), and transactions start with BEGIN IMMEDIATE
 * so a writer takes the write lock up front instead of failing later with SQLITE_BUSY.
 */
class LockingSqliteDriver implements Driver {
  readonly #inner: Driver;
  readonly #lock = new Lock();
  constructor(inner: Driver) {
    this.#inner = inner;
  }
  init() {
    return this.#inner.init();
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#lock.acquire();
    return this.#inner.acquireConnection();
  }
  async releaseConnection(conn: DatabaseConnection): Promise<void> {
    await this.#inner.releaseConnection(conn);
    this.#lock.release();
  }
  async beginTransaction(conn: DatabaseConnection, _settings: TransactionSettings): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('begin immediate'));
  }
  commitTransaction(conn: DatabaseConnection) {
    return this.#inner.commitTransaction(conn);
  }
  rollbackTransaction(conn: DatabaseConnection) {
    return this.#inner.rollbackTransaction(conn);
  }
  savepoint: Driver['savepoint'] = (conn, name, compile) => this.#inner.savepoint!(conn, name, compile);
  rollbackToSavepoint: Driver['rollbackToSavepoint'] = (conn, name, compile) =>
    this.#inner.rollbackToSavepoint!(conn, name, compile);
  releaseSavepoint: Driver['releaseSavepoint'] = (conn, name, compile) =>
    this.#inner.releaseSavepoint!(conn, name, compile);
  destroy() {
    return this.#inner.destroy();
  }
}

export function openSqlite(file: string): DatabaseSync {
  const db = new DatabaseSync(file);
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA foreign_keys = ON');
  db.exec('PRAGMA busy_timeout = 5000');
  db.exec('PRAGMA synchronous = NORMAL');
  // Statement journals (a statement of several rows, or one firing triggers or foreign-key
  // checks, keeps the pages it touches until it ends) and temporary sort trees in memory: on
  // disk they spilled past 64 KiB into temp files, a write per page (a 20,000-record MARC
  // import: over a million writes, db/bulk-insert.ts).
  db.exec('PRAGMA temp_store = MEMORY');
  return db;
}

/**
 * Writes a LIMIT or OFFSET that is a whole number into the SQL instead of binding it. SQLite's
 * planner reads a bound LIMIT's value, so binding one marks the statement to be prepared again on
 * every run (about 10 µs, ten times the run of a small indexed query); as text, the cached
 * statement is reused. Only safe integers are written: nothing else can reach the SQL this way.
 */
export class LiteralLimitCompiler extends SqliteQueryCompiler {
  protected override visitLimit(node: LimitNode): void {
    this.append('limit ');
    this.#count(node.limit);
  }
  protected override visitOffset(node: OffsetNode): void {
    this.append('offset ');
    this.#count(node.offset);
  }
  #count(node: OperationNode): void {
    if (ValueNode.is(node) && typeof node.value === 'number' && Number.isSafeInteger(node.value)) this.append(String(node.value));
    else this.visitNode(node);
  }
}

export function nodeSqliteDialect(db: DatabaseSync): Dialect {
  const base = new SqliteDialect({ database: kyselySqliteDatabase(db) });
  return {
    createAdapter: () => base.createAdapter(),
    createDriver: () => new LockingSqliteDriver(base.createDriver()),
    createIntrospector: (k) => base.createIntrospector(k),
    createQueryCompiler: () => new LiteralLimitCompiler(),
  };
}
