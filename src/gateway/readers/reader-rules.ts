import type { Kysely, Transaction } from 'kysely';
import type { ReaderInput } from '../../shared/api/readers.ts';
import type { Database } from '../db/schema.ts';

/**
 * The business rules of one reader save, shared by the single save and every import row: the
 * department exists in the school, the card number is free in the school, the account is free
 * (accounts are unique across the gateway because the SSO form has no school field).
 * Lookups are loaded in batches so 5,000 imported rows cost a handful of queries.
 */
export interface ReaderLookups {
  deptIds: ReadonlySet<number>;
  /** card number → user id, this school. */
  cardOwners: ReadonlyMap<string, number>;
  /** account → user id, every school. */
  accountOwners: ReadonlyMap<string, number>;
}

type Db = Kysely<Database> | Transaction<Database>;
const CHUNK = 500;

async function inChunks<T>(values: readonly string[], fn: (part: string[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < values.length; i += CHUNK) out.push(...(await fn(values.slice(i, i + CHUNK))));
  return out;
}

/** `want.depts` narrows the department lookup to those ids (one row's check); else every department of the school. */
export async function loadReaderLookups(
  db: Db, schoolId: number, want: { cards: readonly string[]; accounts: readonly string[]; depts?: readonly number[] },
): Promise<ReaderLookups> {
  let deptQuery = db.selectFrom('departments').select('id').where('school_id', '=', schoolId);
  if (want.depts) deptQuery = deptQuery.where('id', 'in', want.depts.length ? [...want.depts] : [-1]);
  const [depts, cards, accounts] = await Promise.all([
    deptQuery.execute(),
    inChunks([...new Set(want.cards)], (part) =>
      db.selectFrom('users').select(['id', 'reader_id']).where('school_id', '=', schoolId).where('reader_id', 'in', part).execute()),
    inChunks([...new Set(want.accounts)], (part) => db.selectFrom('users').select(['id', 'account']).where('account', 'in', part).execute()),
  ]);
  return {
    deptIds: new Set(depts.map((d) => d.id)),
    cardOwners: new Map(cards.map((c) => [c.reader_id, c.id])),
    accountOwners: new Map(accounts.map((a) => [a.account, a.id])),
  };
}

/** i18n keys of every broken rule for saving `input` as reader `selfId` (null = a new reader). */
export function readerRuleViolations(input: ReaderInput, selfId: number | null, l: ReaderLookups): string[] {
  const out: string[] = [];
  if (input.DeptID != null && !l.deptIds.has(input.DeptID)) out.push('validation:reader.deptNotFound');
  const card = l.cardOwners.get(input.ReaderID);
  if (card != null && card !== selfId) out.push('validation:reader.readerIdTaken');
  const account = l.accountOwners.get(input.Account);
  if (account != null && account !== selfId) out.push('validation:reader.accountTaken');
  return out;
}
