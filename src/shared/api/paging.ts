import { z } from 'zod';
import { PAGE_SIZES, DEFAULT_PAGE_SIZE } from '../domain/ui-constants.ts';

/** Paging in: Page (1-based) and Rows. */
export const pageQuerySchema = z.object({
  Page: z.coerce.number().int().min(1).default(1),
  Rows: z.coerce.number().int().min(1).max(1000).default(DEFAULT_PAGE_SIZE),
  SearchKey: z.string().trim().max(200).optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** Paging out: { List, Total }. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ List: z.array(item), Total: z.number().int().min(0) });
}
export type Page<T> = { List: T[]; Total: number };

export { PAGE_SIZES };
