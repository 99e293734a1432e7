import { describe, expect, it } from 'vitest';
import { useTestGateway } from '../testing/gateway-fixture.ts';
import { PG_TEST_URL, pgSkipReason } from '../testing/pg-test-db.ts';
import { insertMany } from './bulk-insert.ts';
import { writeTx } from './connect.ts';

if (!PG_TEST_URL) console.info(pgSkipReason);
const databases = [{ name: 'SQLite', postgres: false }, ...(PG_TEST_URL ? [{ name: 'PostgreSQL', postgres: true }] : [])];

describe.each(databases)('insertMany on $name', ({ postgres }) => {
  const t = useTestGateway({ postgres });

  it('writes every row and returns each row\'s id in the order given, across statement boundaries', async () => {
    const area = await t.db.selectFrom('collection_areas').select(['id', 'branch_id']).where('school_id', '=', 1).orderBy('id').executeTakeFirstOrThrow();
    const title = await t.db.selectFrom('titles').select('id').where('school_id', '=', 1).orderBy('id').executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    // 1 row, a full statement's worth, one more, and several statements with a remainder.
    for (const n of [1, 64, 65, 203]) {
      const rows = Array.from({ length: n }, (_, i) => ({
        school_id: 1, title_id: title.id, barcode: `BI${n}-${String(i).padStart(4, '0')}`, rfid: i % 3 === 0 ? null : `RF${n}-${i}`,
        branch_id: area.branch_id, area_id: area.id, call_no: `X/${i}`, storage_area: 2, circ_state: 'available' as const,
        price: i / 4, discount_price: i / 4, created_at: now, updated_at: now,
      }));
      const ids = await writeTx(t.db, (trx) => insertMany(trx, t.app.dbHandle.sqlite, 'copies', rows, true));
      expect(ids).toHaveLength(n);
      const stored = await t.db.selectFrom('copies').select(['id', 'barcode', 'rfid', 'price']).where('id', 'in', ids).execute();
      const byId = new Map(stored.map((r) => [r.id, r]));
      rows.forEach((r, i) => expect(byId.get(ids[i]!)).toEqual({ id: ids[i], barcode: r.barcode, rfid: r.rfid, price: r.price }));
    }
    // Without ids: the rows are written, nothing is returned.
    const before = Number((await t.db.selectFrom('title_terms').select((e) => e.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const terms = Array.from({ length: 150 }, (_, i) => ({ school_id: 1, term: `bulkterm${i}`, title_id: title.id }));
    expect(await writeTx(t.db, (trx) => insertMany(trx, t.app.dbHandle.sqlite, 'title_terms', terms))).toEqual([]);
    const after = Number((await t.db.selectFrom('title_terms').select((e) => e.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    expect(after - before).toBe(150);
  });

  it('writes nothing of a statement whose row breaks a constraint, and the transaction fails', async () => {
    const title = await t.db.selectFrom('titles').select('id').where('school_id', '=', 1).orderBy('id').executeTakeFirstOrThrow();
    const terms = Array.from({ length: 70 }, (_, i) => ({ school_id: 1, term: i === 69 ? 'dupterm0' : `dupterm${i}`, title_id: title.id }));
    await expect(writeTx(t.db, (trx) => insertMany(trx, t.app.dbHandle.sqlite, 'title_terms', terms))).rejects.toThrow();
    expect(await t.db.selectFrom('title_terms').select('term').where('term', 'like', 'dupterm%').execute()).toEqual([]);
  });
});

describe('insertMany on SQLite, ids without RETURNING', () => {
  const t = useTestGateway({});

  it('refuses, and writes nothing, when the rows did not take consecutive ids', async () => {
    const sqlite = t.app.dbHandle.sqlite!;
    // A trigger that writes another row into the same table between ours: the ids worked out from
    // the last insert rowid would be wrong, so the check must fail rather than return them.
    sqlite.exec(`create table id_probe (id integer primary key autoincrement, v text not null)`);
    sqlite.exec(`create trigger id_probe_gap after insert on id_probe when new.v = 'gap' begin insert into id_probe (v) values ('extra'); end`);
    const rows = [{ v: 'a' }, { v: 'gap' }, { v: 'b' }];
    // id_probe is not in the schema's types: this test only needs the SQL.
    await expect(writeTx(t.db, (trx) => insertMany(trx, sqlite, 'id_probe' as never, rows as never, true))).rejects.toThrow(/did not take the ids/);
    expect(sqlite.prepare('select count(*) as n from id_probe').get()).toEqual({ n: 0 });
    const ids = await writeTx(t.db, (trx) => insertMany(trx, sqlite, 'id_probe' as never, [{ v: 'x' }, { v: 'y' }] as never, true));
    expect(ids.map((id) => (sqlite.prepare('select v from id_probe where id = ?').get(id) as { v: string }).v)).toEqual(['x', 'y']);
  });
});
