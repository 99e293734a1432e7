import { describe, expect, it } from 'vitest';
import { ledgerCalls as L } from '../../shared/api/ledgers.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';
import { summaryByCopies } from './ledger-summary.ts';

/**
 * The background keeper of the summary register's lines: the demo seed's copies mark every title
 * (the triggers), and with the keeper on they are rebuilt without anyone asking for a register,
 * so the first register finds nothing to rebuild; its figures equal the count from the copies.
 */
describe('the summary register kept in the background', () => {
  const t = useTestGateway({ config: { ledgerRefreshMs: 40 } });
  const dirty = async () => Number((await t.db.selectFrom('ledger_dirty').select((e) => e.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it('rebuilds marked titles unasked, and again after a write', async () => {
    await expect.poll(dirty, { timeout: 15_000, interval: 50 }).toBe(0);
    expect(Number((await t.db.selectFrom('ledger_lines').select((e) => e.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)).toBeGreaterThan(0);

    const copy = await t.db.selectFrom('copies').select(['id', 'price']).where('school_id', '=', 1).orderBy('id').executeTakeFirstOrThrow();
    await t.db.updateTable('copies').set({ price: Number(copy.price) + 1 }).where('id', '=', copy.id).execute();
    expect(await dirty()).toBeGreaterThan(0);
    await expect.poll(dirty, { timeout: 15_000, interval: 50 }).toBe(0);

    const offset = (await t.app.schoolRules.of(1)).rules.Calendar.UtcOffsetMinutes;
    const scope = { schoolId: 1, offset, branchIds: null, typeIds: null, lang: 'zh-CN' as const };
    const today = new Date(Date.now() + offset * 60_000).toISOString().slice(0, 10);
    const register = await t.data(L.summary, { From: '2000-01-01', To: today }, 'admin');
    expect(register).toEqual(await summaryByCopies(t.db, scope, {}, '2000-01-01', today));
  });
});
