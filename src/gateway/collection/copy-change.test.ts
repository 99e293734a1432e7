import { describe, expect, it } from 'vitest';
import { useTestGateway } from '../testing/gateway-fixture.ts';
import { writeTx } from '../db/connect.ts';
import { AppError } from '../http/app-error.ts';
import { changeCopy, checkCopyChange } from './copy-change.ts';

describe('changeCopy: the one way a copy changes state', () => {
  const t = useTestGateway();

  const aCopy = async (circ = 'available') => {
    const row = await t.db.selectFrom('copies').selectAll().where('school_id', '=', 1).where('circ_state', '=', circ).orderBy('id').executeTakeFirstOrThrow();
    return row;
  };

  it('moves a copy to another area, writes the new state and a history row', async () => {
    const copy = await aCopy();
    const area = await t.db.selectFrom('collection_areas').select(['id', 'branch_id', 'storage_area']).where('school_id', '=', 1).where('storage_area', '=', 8).executeTakeFirst()
      ?? await t.db.selectFrom('collection_areas').select(['id', 'branch_id', 'storage_area']).where('school_id', '=', 1).where('id', '!=', copy.area_id ?? 0).executeTakeFirstOrThrow();
    const next = await writeTx(t.db, (trx) => changeCopy(trx, copy, 'allocate', {
      target: { branchId: area.branch_id, areaId: area.id, storage: area.storage_area }, patch: { shelf_mark: 'A-01-02' }, userId: null,
    }));
    expect(next).toEqual({ storage: area.storage_area, circ: copy.circ_state });
    const after = await t.db.selectFrom('copies').selectAll().where('id', '=', copy.id).executeTakeFirstOrThrow();
    expect([after.area_id, after.branch_id, after.storage_area, after.shelf_mark]).toEqual([area.id, area.branch_id, area.storage_area, 'A-01-02']);
    const event = await t.db.selectFrom('copy_events').selectAll().where('copy_id', '=', copy.id).where('event', '=', 'allocate').executeTakeFirstOrThrow();
    expect(JSON.parse(event.detail)).toMatchObject({ from: { storage: copy.storage_area }, to: { storage: area.storage_area }, toArea: area.id });
  });

  it('refuses an illegal change, naming copy, state and action in the language asked, and writes nothing', async () => {
    const copy = { ...(await aCopy()), circ_state: 'borrowed' };
    const checked = checkCopyChange(copy, 'delete');
    expect(checked.ok).toBe(false);
    const err = (checked as { error: AppError }).error;
    expect(err.status).toBe(409);
    expect(t.app.i18n.t('en-US', err.key, err.params)).toMatch(new RegExp(`^Copy ${copy.barcode} is borrowed \\((circulation|turnover|reading room|recommended|cataloguing|checked)\\); it cannot be deleted$`));
    expect(t.app.i18n.t('zh-CN', err.key, err.params)).toContain(copy.barcode);
    expect(t.app.i18n.t('zh-CN', err.key, err.params)).not.toMatch(/catalogue:|\{\{/);
    const before = await t.db.selectFrom('copy_events').select((e) => e.fn.countAll().as('n')).executeTakeFirstOrThrow();
    await expect(writeTx(t.db, (trx) => changeCopy(trx, copy, 'delete', { userId: null }))).rejects.toBeInstanceOf(AppError);
    const after = await t.db.selectFrom('copy_events').select((e) => e.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect(await t.db.selectFrom('copies').select('id').where('id', '=', copy.id).executeTakeFirst()).toBeTruthy();
  });

  it('refuses a target area that cannot hold copies (weeded / lost codes)', () => {
    const copy = { id: 1, school_id: 1, barcode: 'X1', storage_area: 2, circ_state: 'available' };
    const checked = checkCopyChange(copy, 'allocate', 3);
    expect(checked.ok).toBe(false);
    expect((checked as { error: AppError }).error.key).toBe('catalogue:copyState.badTarget');
  });
});
