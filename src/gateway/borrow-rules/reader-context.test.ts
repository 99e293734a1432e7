import { describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';
import { PG_TEST_URL, pgSkipReason } from '../testing/pg-test-db.ts';
import { departmentChain, readerContext, type ReaderRow } from './borrow-rule-store.ts';

if (!PG_TEST_URL) console.info(pgSkipReason);
const databases = [{ name: 'SQLite', postgres: false }, ...(PG_TEST_URL ? [{ name: 'PostgreSQL', postgres: true }] : [])];

/** The department walk as it was written first: one query per level, at most 20 levels. */
async function walkOneByOne(db: Kysely<Database>, schoolId: number, deptId: number | null) {
  const out = [];
  for (let depth = 0; deptId != null && depth < 20; depth++) {
    const d = await db.selectFrom('departments').select(['id', 'parent_id', 'kind', 'name', 'en_name']).where('school_id', '=', schoolId).where('id', '=', deptId).executeTakeFirst();
    if (!d) break;
    out.push(d);
    deptId = d.parent_id;
  }
  return out;
}

describe.each(databases)('the reader as the rules see it, on $name', ({ postgres }) => {
  const t = useTestGateway({ postgres });

  it('walks every reader\'s departments in one query exactly as level by level', async () => {
    const users = await t.db.selectFrom('users').select(['id', 'name', 'reader_id', 'identity', 'dept_id', 'status', 'expire_at', 'school_id']).orderBy('id').execute();
    const depts = new Set(users.map((u) => `${u.school_id}:${u.dept_id}`));
    for (const key of depts) {
      const [school, dept] = key.split(':');
      const deptId = dept === 'null' ? null : Number(dept);
      expect(await departmentChain(t.db, Number(school), deptId), key).toEqual(await walkOneByOne(t.db, Number(school), deptId));
    }
    // Staff departments with their ancestors, a student's class and grade.
    const staff = users.find((u) => u.identity === 'teacher' && u.dept_id != null && u.school_id === 1)!;
    const ctx = await readerContext(t.db, 1, staff as ReaderRow);
    expect(ctx.DepartmentIDs.length + (ctx.ClassID ? 1 : 0)).toBeGreaterThan(0);
    const student = users.find((u) => u.identity === 'student' && u.school_id === 1)!;
    expect(await readerContext(t.db, 1, student as ReaderRow)).toMatchObject({ ClassID: expect.any(String), GradeID: expect.any(String) });
  });

  it('stops at 20 levels on a cycle written by hand, and at a department of another school', async () => {
    const add = async (name: string, school = 1) => (await t.db.insertInto('departments')
      .values({ school_id: school, parent_id: null, name, en_name: name, kind: 'dept', learning_stage: null, sort: 0 }).returning('id').executeTakeFirstOrThrow()).id;
    const a = await add('cycle-a');
    const b = await add('cycle-b');
    await t.db.updateTable('departments').set({ parent_id: b }).where('id', '=', a).execute();
    await t.db.updateTable('departments').set({ parent_id: a }).where('id', '=', b).execute();
    const chain = await departmentChain(t.db, 1, a);
    expect(chain).toHaveLength(20);
    expect(chain).toEqual(await walkOneByOne(t.db, 1, a));
    const foreign = await add('other-school', 2);
    await t.db.updateTable('departments').set({ parent_id: foreign }).where('id', '=', b).execute();
    expect((await departmentChain(t.db, 1, a)).map((d) => d.id)).toEqual([a, b]);
    await t.db.updateTable('departments').set({ parent_id: null }).where('id', 'in', [a, b]).execute();
    await t.db.deleteFrom('departments').where('id', 'in', [a, b, foreign]).execute();
  });
});
