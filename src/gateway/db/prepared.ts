import type { Compilable, CompiledQuery, Kysely, QueryResult, Transaction } from 'kysely';
import { dbKindOf, type DbKind } from './connect.ts';
import type { Database } from './schema.ts';
import { noteQuery } from './write-probe.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Where a value of the query's parameters goes; compiled in place of the value. */
class Slot {
  readonly name: string;
  constructor(name: string) {
    this.name = name;
  }
}

interface Template {
  compiled: CompiledQuery;
  /** Per parameter: the name of the value to bind, or a constant the query itself holds. */
  params: Array<{ slot: string } | { value: unknown }>;
}

export interface Prepared<P, R> {
  run(db: Db, values: P): Promise<QueryResult<R>>;
  all(db: Db, values: P): Promise<R[]>;
  first(db: Db, values: P): Promise<R | undefined>;
}

/**
 * A query built and compiled once per dialect, then run with new values (Kysely's "execute
 * compiled queries" recipe): on the desk's hot path, building and compiling a query cost more than
 * SQLite running it. `build` must give the same SQL whatever the values: use each value of `p` only
 * as a value (no `if` on it, no list for `in`); each becomes a bound parameter.
 */
export function prepared<P extends Record<string, unknown>, R>(build: (db: Kysely<Database>, p: P) => Compilable<R>): Prepared<P, R> {
  const templates = new Map<DbKind, Template>();
  const templateFor = (db: Db): Template => {
    const kind = dbKindOf(db);
    let t = templates.get(kind);
    if (!t) {
      const used = new Set<string>();
      const p = new Proxy({}, {
        get: (_target, key) => {
          used.add(String(key));
          return new Slot(String(key));
        },
      }) as P;
      const compiled = build(db, p).compile();
      const params = compiled.parameters.map((v) => (v instanceof Slot ? { slot: v.name } : { value: v }));
      // A value the dialect wrote into the SQL instead of binding it would be frozen there for good.
      for (const name of used) {
        if (!params.some((x) => 'slot' in x && x.slot === name)) throw new Error(`prepared query: ${name} is not bound as a parameter`);
      }
      templates.set(kind, (t = { compiled, params }));
    }
    return t;
  };
  const run = (db: Db, values: P): Promise<QueryResult<R>> => {
    const { compiled, params } = templateFor(db);
    // Compiled once, so Kysely's plugins never see this run: the operation log's write probe is told here.
    noteQuery(compiled.query);
    const parameters = params.map((x) => ('slot' in x ? values[x.slot] : x.value));
    return db.executeQuery<R>({ ...compiled, parameters } as CompiledQuery<R>);
  };
  return {
    run,
    all: async (db, values) => (await run(db, values)).rows,
    first: async (db, values) => (await run(db, values)).rows[0],
  };
}
