import { z } from 'zod';
import { PAGE_SIZES, DEFAULT_PAGE_SIZE } from '../domain/ui-constants.ts';
import { messageKey } from '../domain/issue-messages.ts';
import { text } from '../domain/fields.ts';

/** Bounds of every list call: Rows × Page stays far inside any database's integer range. */
export const MAX_PAGE = 100_000;
export const MAX_ROWS = 1000;

const bounded = (max: number, fallback: number) =>
  z.coerce.number({ error: 'validation:number.type' })
    .int({ error: 'validation:number.int' })
    .min(1, { error: messageKey('validation:number.tooSmall', { minimum: 1 }) })
    .max(max, { error: messageKey('validation:number.tooBig', { maximum: max }) })
    .default(fallback);

/** Paging in: Page (1-based) and Rows; the one paging schema of every list call. */
export const pageQuerySchema = z.object({
  Page: bounded(MAX_PAGE, 1),
  Rows: bounded(MAX_ROWS, DEFAULT_PAGE_SIZE),
  SearchKey: text({ max: 200 }).optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** Paging out: { List, Total }. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ List: z.array(item), Total: z.number().int().min(0) });
}
export type Page<T> = { List: T[]; Total: number; TotalExact?: boolean };

/**
 * Paging out where counting every match may cost more than the page: { List, Total, TotalExact }.
 * When TotalExact is false the gateway stopped counting, and there are more than Total matches
 * (a list shows "1,000+"), as FOLIO's inventory does for its big result sets.
 */
export function openPageOf<T extends z.ZodType>(item: T) {
  return pageOf(item).extend({ TotalExact: z.boolean() });
}

export { PAGE_SIZES };
