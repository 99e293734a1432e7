import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { useTestGateway } from '../testing/gateway-fixture.ts';
import { PG_TEST_URL, pgSkipReason } from '../testing/pg-test-db.ts';
import { prepared } from './prepared.ts';

if (!PG_TEST_URL) console.info(pgSkipReason);
const databases = [{ name: 'SQLite', postgres: false }, ...(PG_TEST_URL ? [{ name: 'PostgreSQL', postgres: true }] : [])];

const usersOf = prepared((db, p: { schoolId: number; identity: 'student' | 'teacher' }) => db.selectFrom('users').select(['id', 'account'])
  .where('school_id', '=', p.schoolId).where('identity', '=', p.identity).where('status', 'in', ['active', 'lost']).orderBy('id').limit(3));
const rename = prepared((db, p: { name: string; id: number }) => db.updateTable('users').set({ name: p.name }).where('id', '=', p.id));

describe.each(databases)('prepared queries on $name', ({ postgres }) => {
  const t = useTestGateway({ postgres });

  it('runs with each call\'s values, the query\'s own constants kept, as the same query built afresh', async () => {
    for (const [schoolId, identity] of [[1, 'student'], [2, 'teacher'], [1, 'teacher']] as const) {
      const fresh = await t.db.selectFrom('users').select(['id', 'account']).where('school_id', '=', schoolId).where('identity', '=', identity)
        .where('status', 'in', ['active', 'lost']).orderBy('id').limit(3).execute();
      expect(fresh).toHaveLength(3);
      expect(await usersOf.all(t.db, { schoolId, identity })).toEqual(fresh);
      expect(await usersOf.first(t.db, { schoolId, identity })).toEqual(fresh[0]);
    }
    const [u] = await usersOf.all(t.db, { schoolId: 1, identity: 'student' });
    const before = (await t.db.selectFrom('users').select('name').where('id', '=', u!.id).executeTakeFirstOrThrow()).name;
    // Inside a transaction too.
    await t.db.transaction().execute(async (trx) => {
      expect(Number((await rename.run(trx, { name: 'prepared', id: u!.id })).numAffectedRows)).toBe(1);
    });
    expect((await t.db.selectFrom('users').select('name').where('id', '=', u!.id).executeTakeFirstOrThrow()).name).toBe('prepared');
    expect(Number((await rename.run(t.db, { name: before, id: -1 })).numAffectedRows)).toBe(0);
    await rename.run(t.db, { name: before, id: u!.id });
  });

  it('refuses a query that writes a value into its SQL instead of binding it', async () => {
    const inlined = prepared((db, p: { id: number }) => db.selectFrom('users').select('id').where('id', '=', sql.raw<number>(String(p.id))));
    await expect(inlined.first(t.db, { id: 1 })).rejects.toThrow('id is not bound as a parameter');
  });
});
