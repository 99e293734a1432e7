import { z } from 'zod';
import { defineCall, LIB } from './contract.ts';
import { pageOf, pageQuerySchema } from './paging.ts';
import { IDENTITIES } from '../domain/identities.ts';
import { dateField, idField, text } from '../domain/fields.ts';
import { LOAN_STATES, loanRecordSchema, RECORDS_EXPORT } from './circulation-records.ts';

/**
 * The family's loans (issue 9: "parents see their children's loans"). A family is a parent and the
 * students linked to them (readers.updateStudentParents), or a student, their parents and their
 * brothers and sisters linked to the same parents. A signed-in parent gets their own children's
 * loans; staff holding /surrency/parents-no-return (open loans) or /surrency/parents-br-records
 * (every loan) name a parent or a student and get that family's. Lists come grouped by child (class,
 * then card number), open loans by due day, history newest first.
 */

export const FAMILY_MENUS = { open: '/surrency/parents-no-return', history: '/surrency/parents-br-records' } as const;

export const familyMemberSchema = z.object({
  UserID: z.number().int(),
  Name: z.string(),
  ReaderID: z.string().meta({ identifier: true }),
  Identity: z.enum(IDENTITIES),
  ClassName: z.string().meta({ identifier: true }),
});
export type FamilyMember = z.infer<typeof familyMemberSchema>;

/** A reader found by the screens' search, with the family they belong to. */
export const familyMatchSchema = familyMemberSchema.extend({
  /** Linked readers' names: a parent's children, a student's parents. */
  Linked: z.string(),
});
export type FamilyMatch = z.infer<typeof familyMatchSchema>;

const familyPage = pageOf(loanRecordSchema).extend({
  /** Whose loans these are: the family's students. */
  Children: z.array(familyMemberSchema),
  Parents: z.array(familyMemberSchema),
});
export type FamilyPage = z.infer<typeof familyPage>;

const paging = pageQuerySchema.omit({ SearchKey: true });

/** UserID: a parent or a student (staff); left out, the signed-in parent's own family. */
export const kinBorrowingQuery = paging.extend({
  UserID: idField(undefined, { coerce: true }).optional(),
  OverdueOnly: z.boolean({ error: 'validation:text.type' }).default(false),
});

export const kinRecordsQuery = paging.extend({
  UserID: idField(undefined, { coerce: true }).optional(),
  DateFrom: dateField().optional(),
  DateTo: dateField().optional(),
  State: z.enum(LOAN_STATES, { error: 'circulation:records.invalid.state' }).optional(),
});

export const kinExportInput = z.object({
  UserID: idField('validation:required.readerId'),
  /** open: the unreturned books; history: every loan. */
  Kind: z.enum(['open', 'history'], { error: 'circulation:family.invalidKind' }),
});

const post = { method: 'POST', auth: 'user' } as const;

export const circulationFamilyCalls = {
  /** Parents and students who have a family link, by name, pinyin or card (either family menu). */
  findFamilies: defineCall({
    ...post, id: 'circulationFamily.findFamilies', path: `${LIB}/Circulation/FindKin`, spec: false,
    input: pageQuerySchema.extend({ SearchKey: text({ max: 100 }).optional() }), data: pageOf(familyMatchSchema),
  }),
  /** The family's open loans, by child then due day. */
  getKinBorrowing: defineCall({
    ...post, id: 'circulationFamily.getKinBorrowing', path: `${LIB}/Circulation/GetKinBorrowing`, spec: true,
    input: kinBorrowingQuery, data: familyPage,
  }),
  /** Every loan of the family's children, by child then newest first. */
  getKinBorrowRecords: defineCall({
    ...post, id: 'circulationFamily.getKinBorrowRecords', path: `${LIB}/Circulation/GetKinBorrowRecords`, spec: true,
    input: kinRecordsQuery, data: familyPage,
  }),
  /** One of the two lists as .xlsx, a job for the download panel. */
  exportKin: defineCall({
    ...post, id: 'circulationFamily.exportKin', path: `${LIB}/downloadV2/kinrecord`, spec: false, perm: RECORDS_EXPORT,
    input: kinExportInput, data: z.object({ DataID: z.string() }),
  }),
};
