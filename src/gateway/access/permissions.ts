import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { accessScopeOf, type AccessScope } from './access-scope.ts';

/** A user's permissions: the union of the role lists; "*" holds everything. */
export interface PermissionSet {
  all: boolean;
  keys: ReadonlySet<string>;
}

export function holds(set: PermissionSet, key: string): boolean {
  return set.all || set.keys.has(key);
}

const TTL_MS = 10_000;

/**
 * Role permissions per user, cached briefly: every call checks them, they change rarely, and a
 * role edit shows within TTL_MS (or at once through `forget`).
 */
export class PermissionCache {
  readonly #db: Kysely<Database>;
  readonly #cache = new Map<number, { at: number; set: PermissionSet }>();
  readonly #scopes = new Map<number, { at: number; scope: AccessScope }>();
  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async of(userId: number, schoolId: number): Promise<PermissionSet> {
    const hit = this.#cache.get(userId);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.set;
    const rows = await this.#db
      .selectFrom('user_roles')
      .innerJoin('roles', 'roles.id', 'user_roles.role_id')
      .where('user_roles.user_id', '=', userId)
      .where('roles.school_id', '=', schoolId)
      .select('roles.permissions')
      .execute();
    const keys = new Set<string>();
    for (const r of rows) {
      try {
        for (const k of JSON.parse(r.permissions) as unknown[]) if (typeof k === 'string') keys.add(k);
      } catch {
        // A malformed list grants nothing.
      }
    }
    const set = { all: keys.has('*'), keys };
    if (this.#cache.size > 5000) this.#cache.clear();
    this.#cache.set(userId, { at: Date.now(), set });
    return set;
  }

  /** The user's branch, resource-type and class scopes (see accessScopeOf), cached like the permissions. */
  async scope(userId: number, schoolId: number): Promise<AccessScope> {
    const hit = this.#scopes.get(userId);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.scope;
    const scope = await accessScopeOf(this.#db, userId, schoolId);
    if (this.#scopes.size > 5000) this.#scopes.clear();
    this.#scopes.set(userId, { at: Date.now(), scope });
    return scope;
  }

  /** Drops cached permissions and scopes (of one user, or of everyone after a role or branch change). */
  forget(userId?: number): void {
    if (userId == null) {
      this.#cache.clear();
      this.#scopes.clear();
    } else {
      this.#cache.delete(userId);
      this.#scopes.delete(userId);
    }
  }
}
