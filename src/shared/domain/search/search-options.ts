// Plain constants, apart from the contract: the portal's first screen reads them without loading zod.
/** Sort orders of a result list; relevance = exact title, then titles starting with the query, then the rest. */
export const SEARCH_SORTS = ['relevance', 'newest', 'title', 'year'] as const;
/** Fields one box or one advanced condition searches; 'all' = title, parallel title, author, series, subjects, ISBN, pinyin, class and call numbers. */
export const SEARCH_FIELDS = ['all', 'title', 'author', 'subject', 'series', 'publisher', 'isbn', 'classNo', 'callNo'] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];
