import { z } from 'zod';
import {
  classifyShape, circulationShape, collectionQuery, groupBorrowShape, resourceCircShape, statisticsCalls as C, zeroBookShape, zeroReaderShape,
} from '../../../shared/api/statistics.ts';

/**
 * The parameter forms of the statistics screens: the calls' own fields (the gateway validates
 * them again), with branches, areas, resource types and classes as selects fed by
 * Statistics/GetOptions (which lists only what the caller may see).
 */
const ref = (Kind: 'branch' | 'area' | 'resourceType' | 'dept') => ({ widget: 'ref' as const, ref: { call: C.getOptions, value: 'ID', label: 'Name', input: { Kind } } });
const branch = classifyShape.BranchID.meta(ref('branch'));
const type = classifyShape.ResourceTypeID.meta(ref('resourceType'));

export const classifyParams = z.object({ ...classifyShape, BranchID: branch, ResourceTypeID: type });
export const zeroReaderParams = z.object({ ...zeroReaderShape, DeptID: zeroReaderShape.DeptID.meta(ref('dept')) });
export const zeroBookParams = z.object({ ...zeroBookShape, BranchID: branch, AreaID: zeroBookShape.AreaID.meta(ref('area')), ResourceTypeID: type });
export const deptBorrowParams = z.object({ ...groupBorrowShape, Level: z.enum(['grade', 'dept']).default('grade') });
export const classBorrowParams = z.object({ From: groupBorrowShape.From, To: groupBorrowShape.To, Identity: groupBorrowShape.Identity });
export const collectionParams = z.object({ ...collectionQuery.shape, BranchID: branch, ResourceTypeID: type });
export const resourceCircParams = z.object({ ...resourceCircShape, BranchID: branch });
export const circulationParams = z.object({ ...circulationShape, BranchID: branch, ResourceTypeID: type });

/** From the first day of this year (local) to today: a period every report starts with. */
export function thisYear(now = new Date()): { From: string; To: string } {
  const pad = (n: number) => String(n).padStart(2, '0');
  const today = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  return { From: `${now.getFullYear()}-01-01`, To: today };
}
