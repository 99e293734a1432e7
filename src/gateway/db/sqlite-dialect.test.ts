import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { useTestGateway } from '../testing/gateway-fixture.ts';

describe('the node:sqlite dialect', () => {
  const t = useTestGateway();

  it('writes a whole LIMIT and OFFSET into the SQL (a bound LIMIT makes SQLite prepare the statement again on every run)', async () => {
    const page = (limit: number, offset: number) => t.db.selectFrom('users').select('id').where('school_id', '=', 1).orderBy('id').limit(limit).offset(offset);
    const q = page(3, 6).compile();
    expect(q.sql).toMatch(/ limit 3 offset 6$/);
    expect(q.parameters).toEqual([1]);
    const all = await t.db.selectFrom('users').select('id').where('school_id', '=', 1).orderBy('id').execute();
    expect(await page(3, 6).execute()).toEqual(all.slice(6, 9));
    expect(await page(1, 0).execute()).toEqual(all.slice(0, 1));
    // Anything else is bound as before.
    const odd = t.db.selectFrom('users').select('id').limit(sql<number>`${2}`).compile();
    expect(odd.sql).toMatch(/ limit \?$/);
    expect(odd.parameters).toEqual([2]);
  });
});
