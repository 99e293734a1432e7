import { z } from 'zod';
import { defineCall, type CallDef } from './contract.ts';
import { base64Field, text, tokenField } from '../domain/fields.ts';

/**
 * The generic Excel import contract every resource's gateway calls implement (two calls):
 *
 * 1. `<Area>/ImportPreview` {FileName, Content (base64 .xlsx, one file), Mode} → {Token, Rows, Summary}.
 *    The server parses and validates every row with the resource's create/update schema and the
 *    same business rules as a single save, decides per row create | update | reject (with the
 *    reasons: i18n keys "validation:…"/"kit:import.reasons.…" or plain messages) and writes
 *    NOTHING. Token identifies exactly this preview (file hash + decisions) for a limited time.
 * 2. `<Area>/ImportCommit` {Token} → {Rows, Summary}: applies exactly the previewed decisions,
 *    each row in its own transaction; a row that fails now (e.g. changed since the preview) is
 *    reported as rejected and writes nothing (never half a row). An unknown/expired token is an error.
 *
 * Shared by both sides: the gateway implements it per resource, the kit's ImportDialog drives it.
 */
export const importModeSchema = z.enum(['create', 'upsert']);
export type ImportMode = z.infer<typeof importModeSchema>;

export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

export const importPreviewInputSchema = z.object({
  FileName: text({ max: 255 }).regex(/\.xlsx$/i, 'validation:import.onlyXlsx'),
  /** The file's bytes, base64 (no data: prefix). */
  Content: base64Field(IMPORT_MAX_BYTES),
  Mode: importModeSchema.default('upsert'),
});

export const importActionSchema = z.enum(['create', 'update', 'reject']);
export type ImportAction = z.infer<typeof importActionSchema>;

export const importPreviewRowSchema = z.object({
  /** The sheet's row number (header = 1), so the user can find it in Excel. */
  RowNo: z.number().int().min(1),
  Action: importActionSchema,
  Reasons: z.array(z.string()),
  /** The row as it will be written (parsed values by field name). */
  Data: z.record(z.string(), z.unknown()),
});
export type ImportPreviewRow = z.infer<typeof importPreviewRowSchema>;

export const importPreviewDataSchema = z.object({
  Token: z.string().min(1),
  Rows: z.array(importPreviewRowSchema),
  Summary: z.object({ Create: z.number().int(), Update: z.number().int(), Reject: z.number().int() }),
});
export type ImportPreview = z.infer<typeof importPreviewDataSchema>;

export const importCommitInputSchema = z.object({ Token: tokenField(128) });

export const importCommitRowSchema = z.object({
  RowNo: z.number().int().min(1),
  Action: z.enum(['created', 'updated', 'rejected']),
  ID: z.union([z.number(), z.string()]).nullable().optional(),
  Reasons: z.array(z.string()),
});
export type ImportCommitRow = z.infer<typeof importCommitRowSchema>;

export const importCommitDataSchema = z.object({
  Rows: z.array(importCommitRowSchema),
  Summary: z.object({ Created: z.number().int(), Updated: z.number().int(), Rejected: z.number().int() }),
});
export type ImportResult = z.infer<typeof importCommitDataSchema>;

/** The two calls of one resource: `importCallsFor({ id: 'branch', path: `${LIB}/Branch`, perm })`. */
export function importCallsFor(o: { id: string; path: string; perm?: string }): { importPreview: CallDef; importCommit: CallDef } {
  const common = { method: 'POST' as const, auth: 'user' as const, spec: false, ...(o.perm ? { perm: o.perm } : {}) };
  return {
    importPreview: defineCall({ ...common, id: `${o.id}.importPreview`, path: `${o.path}/ImportPreview`, input: importPreviewInputSchema, data: importPreviewDataSchema }),
    importCommit: defineCall({ ...common, id: `${o.id}.importCommit`, path: `${o.path}/ImportCommit`, input: importCommitInputSchema, data: importCommitDataSchema }),
  };
}
