import type { FastifyInstance } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { writeTx } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';
import { loadSchoolRules, type SchoolRules } from './borrow-rule-store.ts';

/**
 * Each school's borrowing rules and verification mode, kept in memory for the desk (every lend and
 * return needs them; loading them is six queries and the parse of a calendar of hundreds of days).
 *
 * Exact, not eventual: every write of what they are made of (permission groups and their per-type
 * rules, group assignments, the calendar, the borrowing settings row with the verify mode, the
 * school-year rollover) goes through writeRulesTx, which drops the school's entry once the
 * transaction is over, so a request that starts after a rule change reads the new rules.
 * An entry is the load's promise, stored when the load starts: concurrent desks share one load,
 * and a load that began before a write is dropped by that write's forget() (it may have read the
 * old rows), never stored after it. MAX_AGE_MS only bounds changes made outside the gateway (a hand
 * edit in the database): one gateway serves a database (as the verified visits and the job runner
 * assume too); a second one on the same PostgreSQL would see this one's rule changes only then.
 *
 * The cached object is shared between requests and frozen: nothing may change it.
 */

const MAX_AGE_MS = 60_000;

interface Entry {
  at: number;
  value: Promise<SchoolRules>;
}

export class SchoolRulesCache {
  readonly #db: Kysely<Database>;
  readonly #entries = new Map<number, Entry>();
  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /** The school's rules and verify mode, from memory when the gateway holds them. Never call it inside a transaction on SQLite (it reads on app.db). */
  of(schoolId: number, now = Date.now()): Promise<SchoolRules> {
    const hit = this.#entries.get(schoolId);
    if (hit && now - hit.at < MAX_AGE_MS) return hit.value;
    const entry: Entry = { at: now, value: loadSchoolRules(this.#db, schoolId).then(deepFreeze) };
    this.#entries.set(schoolId, entry);
    // A failed load is not kept: the next request tries again.
    entry.value.catch(() => {
      if (this.#entries.get(schoolId) === entry) this.#entries.delete(schoolId);
    });
    return entry.value;
  }

  /** Drops a school's entry (every school's without an id): call it after the write has committed. */
  forget(schoolId?: number): void {
    if (schoolId == null) this.#entries.clear();
    else this.#entries.delete(schoolId);
  }
}

/**
 * writeTx for writes of a school's borrowing rules, settings or calendar: the school's cached rules
 * are dropped when the transaction is over, committed or not (forgetting too often costs one load).
 */
export async function writeRulesTx<T>(app: FastifyInstance, schoolId: number, fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  try {
    return await writeTx(app.db, fn);
  } finally {
    app.schoolRules.forget(schoolId);
  }
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
