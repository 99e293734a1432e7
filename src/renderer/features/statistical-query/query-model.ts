import {
  DEFAULT_MEASURE, OPS_BY_TYPE, QUERY_FIELDS, statisticalQuery,
  type QueryCondition, type QueryField, type QuerySubject, type StatisticalQuery,
} from '../../../shared/api/statistical-query.ts';

/** The builder's state: the query as the contract types it (the gateway checks it again). */
export type Draft = StatisticalQuery;

const pad = (n: number) => String(n).padStart(2, '0');
const day = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** This school year (from 1 September) up to today: the period a librarian asks about most. */
export function schoolYear(now = new Date()): { From: string; To: string } {
  const y = now.getMonth() >= 8 ? now.getFullYear() : now.getFullYear() - 1;
  return { From: `${y}-09-01`, To: day(now) };
}

export function thisMonth(now = new Date()): { From: string; To: string } {
  return { From: `${now.getFullYear()}-${pad(now.getMonth() + 1)}-01`, To: day(now) };
}

export function lastMonth(now = new Date()): { From: string; To: string } {
  const first = new Date(now.getFullYear(), now.getMonth() - 1, 1);
  const last = new Date(now.getFullYear(), now.getMonth(), 0);
  return { From: day(first), To: day(last) };
}

/** A new query of a subject: its count, no grouping; copies start with the held ones (weeded and lost left out, visibly). */
export function newDraft(subject: QuerySubject, period = schoolYear()): Draft {
  const Conditions: QueryCondition[] = subject === 'copies' ? [{ Field: 'state', Op: 'notIn', Values: ['weeded', 'lost'] }] : [];
  return { Subject: subject, ...period, Conditions, AnyOf: [], GroupBy: [], Measures: [DEFAULT_MEASURE[subject]], Columns: [] };
}

/** A condition on the field with its first operator and no value yet. */
export function newCondition(field: QueryField): QueryCondition {
  return { Field: field, Op: OPS_BY_TYPE[QUERY_FIELDS[field].type][0]!, Values: QUERY_FIELDS[field].type === 'bool' ? ['true'] : [] };
}

/** The fields a subject offers, in the contract's order. */
export const fieldsOf = (subject: QuerySubject): QueryField[] =>
  (Object.keys(QUERY_FIELDS) as QueryField[]).filter((f) => (QUERY_FIELDS[f].subjects as readonly string[]).includes(subject));

/** The query in the address (`?q=`), so a question can be bookmarked or sent. */
export const URL_PARAM = 'q';
export function encodeDraft(d: Draft): string {
  return JSON.stringify(d);
}

/** The query from the address, when it is one the contract accepts. */
export function decodeDraft(text: string | null): Draft | null {
  if (!text) return null;
  try {
    const r = statisticalQuery.safeParse(JSON.parse(text));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}
