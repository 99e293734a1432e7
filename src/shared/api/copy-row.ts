import { z } from 'zod';

/**
 * One copy as lists show it: its own module because the public catalogue's copy list (search.ts)
 * uses it too, and the portal's first load should not carry the whole collection contract.
 */
export const copyRowSchema = z.object({
  ID: z.number().int(),
  Barcode: z.string(),
  RFID: z.string(),
  TitleID: z.number().int(),
  Title: z.string(),
  Author: z.string(),
  ISBN: z.string(),
  CallNo: z.string(),
  BranchID: z.number().int(),
  BranchName: z.string(),
  BranchEnName: z.string(),
  AreaID: z.number().int().nullable(),
  AreaName: z.string(),
  AreaEnName: z.string(),
  ShelfMark: z.string(),
  Storage: z.number().int(),
  CircState: z.string(),
  Price: z.number(),
  DiscountPrice: z.number(),
  BatchID: z.number().int().nullable(),
  BatchNo: z.string(),
  /** Its batch is closed (settled): its prices and its batch stay as they are until the batch is reopened. */
  BatchClosed: z.boolean(),
  Note: z.string(),
  UpdateTime: z.string(),
});
export type CopyRow = z.infer<typeof copyRowSchema>;
