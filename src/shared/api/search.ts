import { z } from 'zod';
import { defineCall, LIB } from './contract.ts';
import { openPageOf, pageOf, pageQuerySchema } from './paging.ts';
import { codeText, idField, intField, text } from '../domain/fields.ts';
import { copyRowSchema } from './copy-row.ts';
import { PUBLIC_COPY_STATES, type PublicCopyState } from '../domain/catalogue/copy-states.ts';
import { SEARCH_FIELDS, SEARCH_SORTS } from '../domain/search/search-options.ts';

/**
 * The catalogue as readers see it (Search/*): the public portal, the reading-guide kiosk and
 * staff screens that look titles up. Anonymous callers name their school with the SchoolID
 * header; signed-in readers and staff are answered for their token's school. Nothing here shows
 * a reader's name, a price or an RFID tag: a copy is a place, a state and, when out, a due date.
 */
const call = { method: 'POST', auth: 'optional', spec: true, rateLimit: 'public' } as const;
const P = (action: string) => `${LIB}/Search/${action}`;

/** CLC class numbers and call numbers as typed (I247.5, TP312/12). */
const classNoField = codeText({ max: 40, pattern: /^[A-Za-z0-9.\-=()/:]*$/, patternError: 'validation:search.classNoFormat' });

/** Where a copy is for a reader: derived from its storage area and circulation state (copy-states.ts publicCopyState). */
export { PUBLIC_COPY_STATES, type PublicCopyState };


/** One title in a result list, with how many of its copies a reader could take home now. */
export const publicTitleSchema = z.object({
  ID: z.number().int(),
  Title: z.string(),
  ParallelTitle: z.string(),
  Author: z.string(),
  Publisher: z.string(),
  PubYear: z.number().int().nullable(),
  ISBN: z.string(),
  ClassNo: z.string(),
  /** The call number of its first copy (or the one its class and book number compose). */
  CallNo: z.string(),
  Language: z.string(),
  Series: z.string(),
  Copies: z.number().int(),
  Available: z.number().int(),
  HoldsWaiting: z.number().int(),
});
export type PublicTitle = z.infer<typeof publicTitleSchema>;

const facetValueSchema = z.object({ Value: z.string(), Name: z.string(), EnName: z.string(), Count: z.number().int() });
export type FacetValue = z.infer<typeof facetValueSchema>;
/** Counts over the whole result (not the page), each facet ignoring its own filter so choices can be switched. */
export const searchFacetsSchema = z.object({
  Language: z.array(facetValueSchema),
  /** CLC main classes (A … Z). */
  Class: z.array(facetValueSchema),
  /** Value = branch id. */
  Branch: z.array(facetValueSchema),
  /** Value = resource type id (books, picture books, magazines …); titles without a type are not counted. */
  ResourceType: z.array(facetValueSchema),
  /** Titles with a copy on the shelf now. */
  AvailableNow: z.number().int(),
  /** False when the result was too large to count exactly; the counts are then those of its first titles. */
  Exact: z.boolean(),
});
export type SearchFacets = z.infer<typeof searchFacetsSchema>;

/** Filters every result list takes (the facets a reader ticks). */
const filters = {
  Language: codeText({ max: 8, pattern: /^[a-z]*$/ }).optional(),
  /** A CLC class or its start (I, I2, I247). */
  ClassNo: classNoField.optional(),
  BranchID: idField().optional(),
  ResourceTypeID: idField().optional(),
  AvailableOnly: z.boolean().optional(),
  Sort: z.enum(SEARCH_SORTS).optional(),
};

export const catalogueQuery = pageQuerySchema.extend({
  Rows: intField(1, 50).default(20),
  Field: z.enum(SEARCH_FIELDS).optional(),
  ...filters,
});
export type CatalogueQuery = z.infer<typeof catalogueQuery>;

export const searchResultSchema = pageOf(publicTitleSchema).extend({ Facets: searchFacetsSchema });
export type SearchResult = z.infer<typeof searchResultSchema>;

/**
 * One condition of an advanced search. Conditions combine left to right (and = both, or = either,
 * not = and not); the first one's Op is ignored unless it is 'not' (then it excludes, as if it
 * came after the first condition that is not 'not'). At least one condition must not be 'not':
 * "everything except X" is not a search.
 */
export const searchConditionSchema = z.object({
  Op: z.enum(['and', 'or', 'not']),
  Field: z.enum(SEARCH_FIELDS),
  Value: text({ max: 200, required: 'validation:required.searchValue' }),
});
export const complexQuery = z.object({
  Page: pageQuerySchema.shape.Page,
  Rows: intField(1, 50).default(20),
  Conditions: z.array(searchConditionSchema).min(1, { error: 'validation:search.noCondition' }).max(8)
    .refine((cs) => cs.some((c) => c.Op !== 'not'), { error: 'validation:search.onlyNot' }),
  YearFrom: intField(1000, 2199).optional(),
  YearTo: intField(1000, 2199).optional(),
  ...filters,
});
export type ComplexQuery = z.infer<typeof complexQuery>;

/** One copy of a title as a reader sees it: where it stands and whether it can be taken. */
export const publicCopySchema = z.object({
  ID: z.number().int(),
  Barcode: z.string(),
  CallNo: z.string(),
  BranchID: z.number().int(),
  BranchName: z.string(),
  BranchEnName: z.string(),
  /** Its collection area (the kiosk's floor plan finds the area's shelf areas by it). */
  AreaID: z.number().int().nullable(),
  AreaName: z.string(),
  AreaEnName: z.string(),
  /** The shelf mark as labelled; Shelf, Face, Layer and Column when it names a shelf position of the basic sets. */
  ShelfMark: z.string(),
  ShelfID: z.number().int().nullable(),
  ShelfName: z.string(),
  Face: z.number().int().nullable(),
  Layer: z.number().int().nullable(),
  Column: z.number().int().nullable(),
  State: z.enum(PUBLIC_COPY_STATES),
  /** Local day (YYYY-MM-DD) the loan is due back, when on loan. */
  DueDate: z.string().nullable(),
});
export type PublicCopy = z.infer<typeof publicCopySchema>;

export const titleDetailSchema = publicTitleSchema.extend({
  ISBNHyphenated: z.string(),
  Place: z.string(),
  Edition: z.string(),
  Extent: z.string(),
  Summary: z.string(),
  Subjects: z.string(),
  /** The CLC path of its class, broadest first (I → I2 → I24). */
  ClassPath: z.array(z.object({ Code: z.string(), Name: z.string(), EnName: z.string() })),
  CopiesList: z.array(publicCopySchema),
});
export type TitleDetail = z.infer<typeof titleDetailSchema>;

export const classNodeSchema = z.object({ Code: z.string(), Name: z.string(), EnName: z.string(), Titles: z.number().int(), HasChildren: z.boolean() });
export type ClassNode = z.infer<typeof classNodeSchema>;

export const RECOMMEND_KINDS = ['hot', 'new'] as const;
export const recommendedTitleSchema = publicTitleSchema.extend({
  /** hot: loans in the window; new: 0. */
  Loans: z.number().int(),
  /** When its first copy was catalogued (ISO). */
  AddedAt: z.string(),
});
export type RecommendedTitle = z.infer<typeof recommendedTitleSchema>;

export const libraryFiguresSchema = z.object({
  Titles: z.number().int(),
  Copies: z.number().int(),
  AvailableCopies: z.number().int(),
  Readers: z.number().int(),
  LoansToday: z.number().int(),
  LoansThisMonth: z.number().int(),
  LoansThisYear: z.number().int(),
  NewTitlesThisMonth: z.number().int(),
  /** Local day the figures were taken. */
  Day: z.string(),
});
export type LibraryFigures = z.infer<typeof libraryFiguresSchema>;

export const bulletinSummarySchema = z.object({
  ID: z.number().int(),
  Title: z.string(),
  /** The start of its text, without markup, for a list. */
  Excerpt: z.string(),
  PublishTime: z.string(),
  Top: z.boolean(),
});
export const bulletinSchema = bulletinSummarySchema.omit({ Excerpt: true }).extend({ Content: z.string() });
export type Bulletin = z.infer<typeof bulletinSchema>;

export const searchCalls = {
  /** One box over the catalogue, ranked, with facets. */
  catalogue: defineCall({ ...call, id: 'search.catalogue', path: P('Catalogue'), input: catalogueQuery, data: searchResultSchema }),
  /** One title with where each copy is and when those out are due. */
  catalogueDetail: defineCall({ ...call, id: 'search.catalogueDetail', path: P('CatalogueDetail'), input: z.object({ ItemID: idField() }), data: titleDetailSchema }),
  /** Staff: copies by barcode, tag, call number or title (the copy list of the catalogue screens). */
  collection: defineCall({
    method: 'POST', auth: 'user', spec: true, id: 'search.collection', path: P('Collection'),
    input: pageQuerySchema.extend({ ClassNo: codeText({ max: 40, pattern: /^[A-Za-z0-9.\-=()/]*$/ }).optional() }),
    data: openPageOf(copyRowSchema),
  }),
  /** Figures of the library for the portal and /statistic. */
  statfile: defineCall({ ...call, id: 'search.statfile', path: P('Statfile'), input: z.object({}), data: libraryFiguresSchema }),
  /** Hot titles (most loans in the last Days days) or new ones (first copy catalogued most recently). */
  recommend: defineCall({
    ...call, id: 'search.recommend', path: P('Recommend'),
    input: z.object({ Kind: z.enum(RECOMMEND_KINDS), Days: intField(1, 366).default(90), Rows: intField(1, 100).default(20), ClassNo: classNoField.optional() }),
    data: z.array(recommendedTitleSchema),
  }),
  /** The CLC tree one level at a time, with how many titles of the school each class holds; '' = the 22 main classes. */
  classify: defineCall({
    ...call, id: 'search.classify', path: P('classify'), input: z.object({ ParentCode: classNoField.default('') }), data: z.array(classNodeSchema),
  }),
  /** Advanced search: conditions combined with and / or / not, a year range and the same filters. */
  complexCatalogue: defineCall({ ...call, id: 'search.complexCatalogue', path: P('ComplexCatalogue'), input: complexQuery, data: searchResultSchema }),
  /** School news for the portal and the kiosk (the notices the school published; anonymous callers see the public ones). */
  bulletinCatalog: defineCall({ ...call, id: 'search.bulletinCatalog', path: P('GetBulletinCatalog'), input: pageQuerySchema.extend({ Rows: intField(1, 50).default(10) }), data: pageOf(bulletinSummarySchema) }),
  bulletinContent: defineCall({ ...call, id: 'search.bulletinContent', path: P('GetBulletinContentByID'), input: z.object({ ID: idField() }), data: bulletinSchema }),
  /** The first letters typed: the ten best titles. */
  suggest: defineCall({
    ...call, spec: false, id: 'search.suggest', path: P('Suggest'),
    input: z.object({ Prefix: text({ max: 50, required: 'validation:required.prefix' }) }),
    data: z.array(z.object({ ItemID: z.number().int(), Title: z.string(), Author: z.string() })),
  }),
};
