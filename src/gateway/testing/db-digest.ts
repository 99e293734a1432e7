import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import type { DatabaseSync } from 'node:sqlite';

/**
 * An exact, cheap "which rows did this request change?" for the gateway's SQLite database, used
 * by the contract fuzz test.
 *
 * - Temporary triggers (TEMP: they live only on this connection and never reach the file) note
 *   every inserted, updated or deleted row as (table, owner). The notes are written in the same
 *   transaction as the change, so a rolled-back transaction leaves none: only committed writes count.
 * - A table that was written is then hashed (every row, every column, in rowid order) and compared
 *   with its hash from before: a write that left the content as it was (an UPDATE to the same
 *   values, an insert then delete) is no change. Only written tables are hashed, so a refused
 *   request costs one small query, and a successful write costs the hash of the tables it touched.
 * - `owner` is the user a row belongs to (users.id, or a user_id / account_id column), so the test
 *   can tell a reader's change to their own rows from a change to anyone else's.
 *
 * It also snapshots the database once (VACUUM INTO) and can put back every table that differs,
 * so each call of the fuzz starts from the same seeded state.
 */

export type Owner = number | string | null;

/** Tables whose content changed, with the owners of the rows written in each. */
export type Changes = Map<string, Set<Owner>>;

interface TableInfo {
  name: string;
  /** ORDER BY that lists the rows in a stable order. */
  order: string;
  owner: string | null;
}

const q = (name: string) => `"${name.replaceAll('"', '""')}"`;

export class DbWatch {
  readonly #db: DatabaseSync;
  readonly #tables: TableInfo[];
  readonly #hashes = new Map<string, string>();
  readonly #baseline = new Map<string, string>();
  readonly #snapshotPath: string;
  #baselineSequences = '';

  private constructor(db: DatabaseSync, tables: TableInfo[], snapshotPath: string) {
    this.#db = db;
    this.#tables = tables;
    this.#snapshotPath = snapshotPath;
  }

  /**
   * Installs the triggers and takes the snapshot. Call it while no request is running (it uses the
   * gateway's own connection, outside any transaction).
   */
  static install(db: DatabaseSync, snapshotPath: string): DbWatch {
    const rows = db.prepare("SELECT name, wr FROM pragma_table_list WHERE schema = 'main' AND type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as Array<{ name: string; wr: number }>;
    const tables: TableInfo[] = rows.map(({ name, wr }) => {
      const cols = db.prepare(`SELECT name, pk FROM pragma_table_info(?)`).all(name) as Array<{ name: string; pk: number }>;
      const names = new Set(cols.map((c) => c.name));
      const pk = cols.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk).map((c) => q(c.name));
      const owner = name === 'users' ? 'id' : names.has('user_id') ? 'user_id' : names.has('account_id') ? 'account_id' : null;
      // Primary key order (rowid order for a table without one): a restore re-inserts in that
      // order, so a restored table hashes as before.
      return { name, order: pk.length ? pk.join(', ') : wr ? '1' : 'rowid', owner };
    });
    db.exec('CREATE TEMP TABLE IF NOT EXISTS fuzz_written (tbl TEXT NOT NULL, owner)');
    for (const t of tables) {
      const own = (row: 'NEW' | 'OLD') => (t.owner ? `${row}.${q(t.owner)}` : 'NULL');
      const base = `fuzz_${t.name.replace(/\W/g, '_')}`;
      const lit = `'${t.name.replaceAll("'", "''")}'`;
      db.exec(`
        CREATE TEMP TRIGGER IF NOT EXISTS ${base}_i AFTER INSERT ON main.${q(t.name)} BEGIN INSERT INTO fuzz_written VALUES (${lit}, ${own('NEW')}); END;
        CREATE TEMP TRIGGER IF NOT EXISTS ${base}_u AFTER UPDATE ON main.${q(t.name)} BEGIN INSERT INTO fuzz_written VALUES (${lit}, ${own('OLD')}), (${lit}, ${own('NEW')}); END;
        CREATE TEMP TRIGGER IF NOT EXISTS ${base}_d AFTER DELETE ON main.${q(t.name)} BEGIN INSERT INTO fuzz_written VALUES (${lit}, ${own('OLD')}); END;
      `);
    }
    rmSync(snapshotPath, { force: true });
    db.prepare('VACUUM INTO ?').run(snapshotPath);
    const watch = new DbWatch(db, tables, snapshotPath);
    watch.#baselineSequences = watch.#sequences();
    for (const t of tables) {
      const h = watch.#hash(t);
      watch.#hashes.set(t.name, h);
      watch.#baseline.set(t.name, h);
    }
    return watch;
  }

  get tables(): readonly string[] {
    return this.#tables.map((t) => t.name);
  }

  #hash(t: TableInfo): string {
    const h = createHash('sha1');
    const stmt = this.#db.prepare(`SELECT * FROM main.${q(t.name)} ORDER BY ${t.order}`);
    stmt.setReturnArrays(true);
    for (const row of stmt.iterate() as Iterable<unknown[]>) {
      for (const v of row) {
        // Typed and length-prefixed, so no two different rows serialise alike.
        if (v === null) h.update('N|');
        else if (typeof v === 'number' || typeof v === 'bigint') h.update(`n${v}|`);
        else if (typeof v === 'string') h.update(`s${v.length}:${v}|`);
        else if (v instanceof Uint8Array) h.update(`b${v.length}:`).update(v).update('|');
        else h.update(`?${String(v)}|`);
      }
      h.update('\n');
    }
    return h.digest('hex');
  }

  /** The changes committed since the last collect (or install), and forgets their notes. */
  collect(): Changes {
    const notes = this.#db.prepare('SELECT tbl, owner FROM temp.fuzz_written').all() as Array<{ tbl: string; owner: Owner }>;
    const changes: Changes = new Map();
    if (!notes.length) return changes;
    this.#db.exec('DELETE FROM temp.fuzz_written');
    const owners = new Map<string, Set<Owner>>();
    for (const n of notes) {
      let set = owners.get(n.tbl);
      if (!set) owners.set(n.tbl, (set = new Set()));
      set.add(n.owner);
    }
    for (const t of this.#tables) {
      const set = owners.get(t.name);
      if (!set) continue;
      const h = this.#hash(t);
      if (h !== this.#hashes.get(t.name)) changes.set(t.name, set);
      this.#hashes.set(t.name, h);
    }
    return changes;
  }

  /** Tables whose content differs from the snapshot (as of the last collect). */
  differing(): string[] {
    return this.#tables.filter((t) => this.#hashes.get(t.name) !== this.#baseline.get(t.name)).map((t) => t.name);
  }

  /** The autoincrement counters (no trigger can watch sqlite_sequence, so it is read whole). */
  #sequences(): string {
    return JSON.stringify(this.#db.prepare('SELECT name, seq FROM main.sqlite_sequence ORDER BY name').all());
  }

  /**
   * Puts every table that differs from the snapshot back as it was (and the autoincrement
   * counters, so ids repeat and a seed reproduces). Returns the tables it restored. A table's
   * delete triggers still fire while it is put back (title_terms_forget empties a deleted title's
   * word index), so what they changed is put back in a further pass.
   */
  restore(): string[] {
    const restored = new Set<string>();
    let sequences = false;
    for (let pass = 0; pass < 4; pass++) {
      // The notes of the last pass's own writes (and of the triggers they fired) are collected here.
      this.collect();
      const differing = this.differing();
      if (!differing.length && this.#sequences() === this.#baselineSequences) break;
      if (!differing.length) sequences = true;
      this.#putBack(differing);
      for (const name of differing) restored.add(name);
    }
    for (const name of restored) {
      // The restore itself is checked: a table that does not hash as in the snapshot is a harness bug.
      const h = this.#hash(this.#tables.find((x) => x.name === name)!);
      if (h !== this.#baseline.get(name)) throw new Error(`db-digest: ${name} differs from the snapshot after the restore`);
      this.#hashes.set(name, h);
    }
    this.#db.exec('DELETE FROM temp.fuzz_written');
    return restored.size ? [...restored] : sequences ? ['sqlite_sequence'] : [];
  }

  #putBack(differing: readonly string[]): void {
    const fk = (this.#db.prepare('PRAGMA foreign_keys').get() as { foreign_keys: number }).foreign_keys;
    this.#db.exec('PRAGMA foreign_keys = OFF');
    this.#db.prepare('ATTACH DATABASE ? AS fuzz_snapshot').run(this.#snapshotPath);
    try {
      this.#db.exec('BEGIN IMMEDIATE');
      for (const name of differing) {
        const t = this.#tables.find((x) => x.name === name)!;
        this.#db.exec(`DELETE FROM main.${q(name)}; INSERT INTO main.${q(name)} SELECT * FROM fuzz_snapshot.${q(name)} ORDER BY ${t.order};`);
      }
      this.#db.exec('DELETE FROM main.sqlite_sequence; INSERT INTO main.sqlite_sequence SELECT * FROM fuzz_snapshot.sqlite_sequence;');
      this.#db.exec('COMMIT');
    } catch (err) {
      this.#db.exec('ROLLBACK');
      throw err;
    } finally {
      this.#db.exec('DETACH DATABASE fuzz_snapshot');
      if (fk) this.#db.exec('PRAGMA foreign_keys = ON');
    }
  }

  /** Removes the triggers and the snapshot file. */
  dispose(): void {
    for (const t of this.#tables) {
      const base = `fuzz_${t.name.replace(/\W/g, '_')}`;
      this.#db.exec(`DROP TRIGGER IF EXISTS temp.${base}_i; DROP TRIGGER IF EXISTS temp.${base}_u; DROP TRIGGER IF EXISTS temp.${base}_d;`);
    }
    this.#db.exec('DROP TABLE IF EXISTS temp.fuzz_written');
    rmSync(this.#snapshotPath, { force: true });
  }
}
