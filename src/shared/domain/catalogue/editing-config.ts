import { z } from 'zod';

/**
 * A school's cataloguing settings (Literature/GetEditingConfig, SaveEditingConfig), stored as one
 * JSON document. Length limits follow the spec: blank or below 1 means no limit and no truncation.
 */
export const LIMITED_FIELDS = ['Title', 'Author', 'Publisher', 'Summary', 'Subjects', 'Series'] as const;

const limit = z.number().int().min(0).max(100000).nullable();

export const editingConfigSchema = z.object({
  /** Characters kept per field; null or < 1 = no limit. Longer values are cut on save. */
  MaxLength: z.object(Object.fromEntries(LIMITED_FIELDS.map((f) => [f, limit])) as Record<(typeof LIMITED_FIELDS)[number], typeof limit>),
  DefaultLanguage: z.enum(['zh', 'en', 'ja', 'fr', 'de', 'ru', 'other']),
  /** 种次号 (sequence within the class) or author number. */
  BookNumberScheme: z.enum(['sequence', 'author']),
  /** English books take Dewey numbers instead of CLC. */
  DeweyForEnglish: z.boolean(),
  DefaultCopies: z.number().int().min(1).max(99),
  DefaultAreaID: z.number().int().min(1).max(2147483647).nullable(),
  DefaultSequenceID: z.number().int().min(1).max(2147483647).nullable(),
  /** AFI written to new tags (hex byte, e.g. "07"); empty = not set yet. */
  AFI: z.string().max(2).regex(/^([0-9A-F]{2})?$/, { error: 'validation:catalogue.afi' }),
  /** AFI the desk writes when a tagged book is lent (the security gate then lets it pass); in stock again at return. */
  LoanAFI: z.string().max(2).regex(/^[0-9A-F]{2}$/, { error: 'validation:catalogue.afi' }).default('C2'),
});
export type EditingConfig = z.infer<typeof editingConfigSchema>;

export const DEFAULT_EDITING_CONFIG: EditingConfig = {
  MaxLength: { Title: null, Author: null, Publisher: null, Summary: null, Subjects: null, Series: null },
  DefaultLanguage: 'zh',
  BookNumberScheme: 'sequence',
  DeweyForEnglish: false,
  DefaultCopies: 1,
  DefaultAreaID: null,
  DefaultSequenceID: null,
  AFI: '',
  LoanAFI: 'C2',
};

/** The value as stored: cut to its limit when the limit is 1 or more. */
export function applyLengthLimit(value: string, max: number | null | undefined): string {
  return max != null && max >= 1 && value.length > max ? [...value].slice(0, max).join('') : value;
}
