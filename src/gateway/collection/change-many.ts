import type { BatchResult } from '../../shared/api/collection.ts';
import type { CopyEvent } from '../../shared/domain/catalogue/copy-states.ts';
import { writeTx } from '../db/connect.ts';
import type { CallContext } from '../http/handler-types.ts';
import { requireUser } from '../access/call-context.ts';
import { branchScope } from '../access/access-scope.ts';
import { changeCopy, checkCopyChange } from './copy-change.ts';
import { copyTies, releaseClosedHolds } from './copy-ties.ts';

const nowIso = () => new Date().toISOString();

/**
 * Applies one event to many copies: each copy is checked by the state machine, then for what ties
 * it to a reader or a class (copy-ties.ts: an open loan, a class corner, an active hold); the ones
 * allowed change in one transaction, the others are listed with the reason (the batch reports
 * exactly what it changed).
 */
export async function changeMany(ctx: CallContext, ids: readonly number[], event: CopyEvent, target: { branchId: number; areaId: number; storage: number } | undefined, patch?: (copyId: number) => Record<string, unknown>): Promise<BatchResult> {
  const { userId, schoolId } = requireUser(ctx);
  if (!ids.length) return { Changed: 0, Refused: [] };
  const scope = await branchScope(ctx);
  const t = (key: string, params?: Record<string, unknown>) => ctx.app.i18n.t(ctx.lang, key, params);
  const refused: BatchResult['Refused'] = [];
  let changed = 0;
  await writeTx(ctx.app.db, async (trx) => {
    const rows = await trx.selectFrom('copies').select(['id', 'school_id', 'barcode', 'storage_area', 'circ_state', 'branch_id', 'area_id'])
      .where('school_id', '=', schoolId).where('id', 'in', [...new Set(ids)]).execute();
    const found = new Map(rows.map((r) => [r.id, r]));
    const ties = await copyTies(trx, schoolId, rows.map((r) => r.id), event);
    const at = nowIso();
    for (const id of new Set(ids)) {
      const copy = found.get(id);
      // Another school's copy, or one outside the caller's branches, is "not found" here.
      if (!copy || (scope.ids && !scope.ids.includes(copy.branch_id))) {
        refused.push({ ID: id, Barcode: '', Message: t('collection:errors.noCopy') });
        continue;
      }
      const checked = checkCopyChange(copy, event, target?.storage);
      const tie = ties.get(id);
      if (!checked.ok || tie) {
        refused.push({ ID: id, Barcode: copy.barcode, Message: checked.ok ? t(tie!) : t(checked.error.key, checked.error.params) });
        continue;
      }
      if (event === 'delete') await releaseClosedHolds(trx, schoolId, id);
      await changeCopy(trx, copy, event, { target, userId, at, ...(patch ? { patch: patch(id) } : {}) });
      changed += 1;
    }
  });
  return { Changed: changed, Refused: refused };
}
