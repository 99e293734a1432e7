import { useState } from 'react';
import type { GridValidRowModel } from '@mui/x-data-grid';
import { anyCall, useResourceMutation } from './resource-queries.ts';
import { KeyedError } from './error-text.ts';
import type { ResourceDef } from '../resource.ts';

/** Rows flagged in use by a field are known before asking; a check call is asked at confirm time. */
export function inUseByField(r: ResourceDef, row: GridValidRowModel): boolean {
  const check = r.inUse;
  return check != null && 'field' in check && Boolean(row[check.field]);
}

/**
 * Delete with confirmation (shared by every archetype): pick a row, confirm, then the in-use check
 * call (if any) and the delete call; a refusal (ours or the server's) stays in the dialog.
 */
export function useDeleteFlow(r: ResourceDef) {
  const [target, setTarget] = useState<GridValidRowModel | null>(null);
  const del = useResourceMutation(r, 'delete');
  const confirm = async () => {
    if (!target) return;
    const check = r.inUse;
    if (check && 'call' in check && check.inUse(await anyCall(check.call, check.input(target), { toast: false }))) {
      throw new KeyedError('kit:delete.inUse');
    }
    await del.mutateAsync(r.deleteInput ? r.deleteInput(target) : { [r.idField]: target[r.idField] });
  };
  return { target, ask: setTarget, close: () => setTarget(null), confirm };
}
