import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { probeWrites, type WriteProbe } from './write-probe.ts';
import { prepared } from './prepared.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';

describe('the write probe', () => {
  const t = useTestGateway();

  async function wrote(fn: () => Promise<unknown>): Promise<boolean> {
    const probe: WriteProbe = { wrote: false };
    await probeWrites(probe, async () => {
      await fn();
    });
    return probe.wrote;
  }

  it('sees inserts, updates and deletes, built or raw, and not reads', async () => {
    expect(await wrote(() => t.db.selectFrom('schools').selectAll().execute())).toBe(false);
    expect(await wrote(() => sql`select count(*) from users`.execute(t.db))).toBe(false);
    expect(await wrote(() => t.db.updateTable('schools').set({ name: sql`name` }).where('id', '=', 1).execute())).toBe(true);
    expect(await wrote(() => sql`update schools set name = name where id = 1`.execute(t.db))).toBe(true);
    expect(await wrote(() => t.db.deleteFrom('operation_log').where('id', '<', 0).execute())).toBe(false);
    expect(await wrote(() => t.db.deleteFrom('loans').where('id', '<', 0).execute())).toBe(true);
    expect(await wrote(() => t.db.transaction().execute((trx) => trx.updateTable('schools').set({ name: sql`name` }).where('id', '=', 1).execute()))).toBe(true);
  });

  it('sees a prepared write on every run, not only when it was compiled', async () => {
    const touch = prepared((db, p: { id: number }) => db.updateTable('schools').set({ name: sql`name` }).where('id', '=', p.id));
    expect(await wrote(() => touch.run(t.db, { id: 1 }))).toBe(true);
    expect(await wrote(() => touch.run(t.db, { id: 1 }))).toBe(true);
    const read = prepared((db, p: { id: number }) => db.selectFrom('schools').select('id').where('id', '=', p.id));
    expect(await wrote(() => read.run(t.db, { id: 1 }))).toBe(false);
  });

  it('keeps concurrent probes apart', async () => {
    const a: WriteProbe = { wrote: false };
    const b: WriteProbe = { wrote: false };
    await Promise.all([
      probeWrites(a, async () => {
        await new Promise((r) => setTimeout(r, 5));
        await t.db.selectFrom('schools').selectAll().execute();
      }),
      probeWrites(b, () => t.db.updateTable('schools').set({ name: sql`name` }).where('id', '=', 1).execute()),
    ]);
    expect([a.wrote, b.wrote]).toEqual([false, true]);
  });
});
