import { z } from 'zod';
import { defineCall, LIB } from './contract.ts';
import { codeText, dateField, idField, text } from '../domain/fields.ts';
import { importCallsFor } from './import.ts';
import { pageOf, pageQuerySchema } from './paging.ts';
import { IDENTITIES } from '../domain/identities.ts';
import { PHONE_PATTERN } from '../domain/validation-rules.ts';

/** Card states of a reader (users.status): what the borrowing rules read as CardStatus. */
export const READER_STATUSES = ['active', 'disabled', 'lost', 'expired'] as const;
export type ReaderStatus = (typeof READER_STATUSES)[number];
export const SEXES = ['male', 'female', 'unknown'] as const;

// A plain pattern (not z.email) so the field stays a text widget and '' means "no e-mail".
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The entity as lists and the detail return it. Phone is masked (first 3 + last 4) except in GetReader for editors. */
export const readerSchema = z.object({
  ID: z.number().int(),
  Account: z.string(),
  Name: z.string(),
  ReaderID: z.string(),
  Identity: z.enum(IDENTITIES),
  DeptID: z.number().int().nullable(),
  DeptName: z.string(),
  Status: z.enum(READER_STATUSES),
  Sex: z.enum(SEXES),
  Birthday: z.iso.date().nullable(),
  Phone: z.string(),
  Email: z.string(),
  Deposit: z.number(),
  ExpireAt: z.iso.date().nullable(),
  /** Role names, comma separated (roles are granted on the role screens). */
  Roles: z.string(),
  /** Stored photo id ('' = none) and a signed, time-limited address of it. */
  Photo: z.string(),
  PhotoUrl: z.string(),
  UpdateTime: z.string(),
});
export type Reader = z.infer<typeof readerSchema>;

export const readerParentSchema = z.object({ ID: z.number().int(), Name: z.string(), ReaderID: z.string(), Phone: z.string() });
/** The detail adds the links both ways: a student's parents, a parent's children (same short shape). */
export const readerDetailSchema = readerSchema.extend({ Parents: z.array(readerParentSchema), Children: z.array(readerParentSchema) });
export type ReaderDetail = z.infer<typeof readerDetailSchema>;
export type ReaderLink = z.infer<typeof readerParentSchema>;

/** Create/update input: the same schema validates the form, the gateway and every imported row. */
export const readerInputSchema = z.object({
  Account: text({ max: 100, required: 'validation:required.account' }).regex(/^[\w.@-]+$/, 'validation:reader.accountFormat'),
  Name: text({ max: 100, required: 'validation:required.name' }),
  ReaderID: codeText({ max: 64, required: 'validation:required.readerId', patternError: 'validation:reader.readerIdFormat' }),
  Identity: z.enum(IDENTITIES, { error: 'validation:required.identity' }),
  DeptID: idField().nullable().default(null),
  Status: z.enum(READER_STATUSES).default('active'),
  Sex: z.enum(SEXES).default('unknown'),
  Birthday: dateField().nullable().default(null),
  Phone: text({ max: 11, required: 'validation:phone.required' }).regex(PHONE_PATTERN, 'validation:phone.invalid').meta({ widget: 'phone' }),
  Email: text({ max: 200 }).refine((v) => v === '' || EMAIL.test(v), 'validation:reader.email').default('').meta({ widget: 'email' }),
  ExpireAt: dateField().nullable().default(null),
  Photo: z.string().max(40).regex(/^(?:[0-9a-f-]{36}\.(?:jpg|png))?$/, 'validation:upload.photoMissing').default('').meta({ hidden: true }),
});
export type ReaderInput = z.output<typeof readerInputSchema>;
export const readerUpdateSchema = readerInputSchema.extend({ ID: idField() });

/** GET query: numbers arrive as strings. */
export const readerListQuerySchema = pageQuerySchema.extend({
  Identity: z.enum(IDENTITIES).optional(),
  Status: z.enum(READER_STATUSES).optional(),
  DeptID: idField(undefined, { coerce: true }).optional(),
});

export const readerSimpleSchema = z.object({ ID: z.number().int(), Name: z.string(), ReaderID: z.string(), Identity: z.enum(IDENTITIES), DeptID: z.number().int().nullable() });

const READERS = `${LIB}/Readers`;
const VIEW = 'people.readers.view';
const EDIT = 'people.readers.edit';

export const readerCalls = {
  /** Starts a reader-list export (.xlsx) as a job; progress via GetProgress. */
  exportReaders: defineCall({
    id: 'readers.exportReaders', method: 'POST', path: `${LIB}/Readers/ExportReaders`, auth: 'user', spec: false,
    perm: 'people.readers.export',
    input: z.object({ SearchKey: text({ max: 200 }).optional() }),
    data: z.object({ DataID: z.string() }),
  }),
  /** Paged search by name, pinyin, initials, card number, account or phone. */
  getUserList: defineCall({
    id: 'readers.getUserList', method: 'GET', path: '/micro/basic/open/user/getUserList', auth: 'user', spec: true, perm: VIEW,
    input: readerListQuerySchema, data: pageOf(readerSchema),
  }),
  /** Every reader of the school in a few fields (pickers); at most 5000, filtered. */
  getUserSimpleAll: defineCall({
    id: 'readers.getUserSimpleAll', method: 'GET', path: '/micro/basic/open/user/getUserSimpleAll', auth: 'user', spec: true, perm: VIEW,
    input: z.object({ Identity: z.enum(IDENTITIES).optional(), DeptID: idField(undefined, { coerce: true }).optional(), SearchKey: text({ max: 200 }).optional() }),
    data: z.array(readerSimpleSchema),
  }),
  getReader: defineCall({
    id: 'readers.get', method: 'POST', path: `${READERS}/GetReader`, auth: 'user', spec: false, perm: VIEW,
    input: z.object({ ID: idField() }), data: readerDetailSchema,
  }),
  addReader: defineCall({
    id: 'readers.add', method: 'POST', path: `${READERS}/AddReader`, auth: 'user', spec: false, perm: EDIT,
    input: readerInputSchema, data: readerSchema,
  }),
  updateReader: defineCall({
    id: 'readers.update', method: 'POST', path: `${READERS}/UpdateReader`, auth: 'user', spec: false, perm: EDIT,
    input: readerUpdateSchema, data: readerSchema,
  }),
  deleteReader: defineCall({
    id: 'readers.delete', method: 'POST', path: `${READERS}/DeleteReader`, auth: 'user', spec: false, perm: 'people.readers.delete',
    input: z.object({ ID: idField() }), data: z.null(),
  }),
  /** Departments and classes as options (ID, display name in the caller's language). */
  getDeptOptions: defineCall({
    id: 'readers.getDeptOptions', method: 'POST', path: `${READERS}/GetDeptOptions`, auth: 'user', spec: false, perm: VIEW,
    input: z.object({}), data: z.array(z.object({ ID: z.number().int(), Name: z.string() })),
  }),
  /** Replaces a student's parents with the listed parent readers (all of the same school). */
  updateStudentParents: defineCall({
    id: 'readers.updateStudentParents', method: 'POST', path: '/micro/basic/open/StudentParents/updateStudentParents', auth: 'user', spec: true, perm: EDIT,
    input: z.object({ StudentID: idField(), ParentIDs: z.array(idField()).max(10) }),
    data: z.object({ StudentID: z.number().int(), Parents: z.array(readerParentSchema) }),
  }),
  ...importCallsFor({ id: 'readers', path: READERS, perm: 'people.readers.import' }),
} as const;
