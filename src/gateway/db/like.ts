import { sql, type RawBuilder, type SqlBool } from 'kysely';

/** A LIKE pattern matching `text` anywhere, with the wildcards in it taken literally (ESCAPE '\'). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * "column contains text", case-insensitively on both dialects. SQLite's LIKE ignores ASCII case
 * but PostgreSQL's does not (and ILIKE is PostgreSQL only), so both compare lower(column) with
 * the lower-cased text. A–Z always fold; other cased letters (É, Д) fold on PostgreSQL only,
 * as SQLite's lower() is ASCII-only. Chinese has no case. A leading % uses no index either way.
 */
export function containsText(column: string, text: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${containsPattern(text.toLowerCase())} escape '\\'`;
}
