import type { FastifyInstance } from 'fastify';
import type { Db } from '../catalogue/catalogue-store.ts';
import type { FacetValue, PublicTitle, SearchFacets } from '../../shared/api/search.ts';
import { ACTIVE_HOLD_STATES } from '../../shared/api/holds.ts';
import { composeCallNumber } from '../../shared/domain/catalogue/call-number.ts';
import { CLC_MAIN_CLASSES } from '../../shared/domain/catalogue/clc-classes.ts';
import { LENDING_AREAS, STORAGE_AREAS } from '../../shared/domain/catalogue/copy-states.ts';
import { editingConfigSchema } from '../../shared/domain/catalogue/editing-config.ts';
import type { FacetCounts } from './catalogue-query.ts';

/**
 * Titles as a reader sees them in a list: the catalogue fields, how many copies the library has
 * (weeded ones never count), how many a reader could take home now, and how many holds wait.
 * Four small statements by title id for a page of at most 50 titles.
 */
export async function publicTitles(db: Db, schoolId: number, ids: readonly number[]): Promise<PublicTitle[]> {
  if (!ids.length) return [];
  const list = [...ids];
  const [rows, counts, holds] = await Promise.all([
    db.selectFrom('titles')
      .select(['id', 'title', 'en_title', 'author', 'publisher', 'pub_year', 'isbn', 'class_no', 'book_no', 'add_no', 'language', 'series'])
      .where('school_id', '=', schoolId).where('id', 'in', list).execute(),
    // By title id alone (the ids are this school's): with school_id too, SQLite may walk the
    // school's copies instead of the title's.
    db.selectFrom('copies')
      .select((e) => [
        'title_id', e.fn.countAll<number | string>().as('n'), e.fn.min<number>('id').as('first'),
        e.fn.sum<number | string>(e.case().when(e.and([e('storage_area', 'in', [...LENDING_AREAS]), e('circ_state', '=', 'available')])).then(1).else(0).end()).as('free'),
      ])
      .where('title_id', 'in', list).where('storage_area', '<>', STORAGE_AREAS.weeded).groupBy('title_id').execute(),
    db.selectFrom('holds').select((e) => ['title_id', e.fn.countAll<number | string>().as('n')])
      .where('school_id', '=', schoolId).where('title_id', 'in', list).where('state', 'in', [...ACTIVE_HOLD_STATES]).groupBy('title_id').execute(),
  ]);
  const firsts = counts.map((c) => Number(c.first));
  const callNos = firsts.length ? await db.selectFrom('copies').select(['title_id', 'call_no']).where('id', 'in', firsts).execute() : [];
  const count = new Map(counts.map((c) => [c.title_id, c]));
  const held = new Map(holds.map((h) => [h.title_id, Number(h.n)]));
  const callNo = new Map(callNos.map((c) => [c.title_id, c.call_no]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  // In the order asked for (the search's ranking).
  return list.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    const c = count.get(id);
    return [{
      ID: r.id, Title: r.title, ParallelTitle: r.en_title, Author: r.author, Publisher: r.publisher, PubYear: r.pub_year, ISBN: r.isbn,
      ClassNo: r.class_no, CallNo: callNo.get(id) || composeCallNumber({ classNo: r.class_no, bookNo: r.book_no, addNo: r.add_no }),
      Language: r.language, Series: r.series, Copies: Number(c?.n ?? 0), Available: Number(c?.free ?? 0), HoldsWaiting: held.get(id) ?? 0,
    }];
  });
}

const LANGUAGE_CODES: readonly string[] = editingConfigSchema.shape.DefaultLanguage.options;
const byCount = (a: FacetValue, b: FacetValue) => b.Count - a.Count || a.Value.localeCompare(b.Value);

/** The facets in the contract's shape: names in both languages (catalogue's language names, CLC, the school's branches). */
export async function namedFacets(app: FastifyInstance, schoolId: number, counts: FacetCounts): Promise<SearchFacets> {
  const both = (key: string) => ({ Name: app.i18n.t('zh-CN', key), EnName: app.i18n.t('en-US', key) });
  const branches = counts.branches.size
    ? await app.db.selectFrom('branches').select(['id', 'name', 'en_name']).where('school_id', '=', schoolId).where('id', 'in', [...counts.branches.keys()]).execute()
    : [];
  const branch = new Map(branches.map((b) => [b.id, b]));
  const types = counts.resourceTypes.size
    ? await app.db.selectFrom('resource_types').select(['id', 'name', 'en_name']).where('school_id', '=', schoolId).where('id', 'in', [...counts.resourceTypes.keys()]).execute()
    : [];
  const type = new Map(types.map((x) => [x.id, x]));
  return {
    Language: [...counts.language].map(([Value, Count]) => ({
      Value, Count, ...(LANGUAGE_CODES.includes(Value) ? both(`catalogue:rules.language.${Value}`) : { Name: Value, EnName: Value }),
    })).sort(byCount),
    Class: [...counts.classes].flatMap(([Value, Count]) => {
      const c = CLC_MAIN_CLASSES.find((x) => x.code === Value);
      return c ? [{ Value, Count, Name: c.zh, EnName: c.en }] : [];
    }).sort(byCount),
    Branch: [...counts.branches].flatMap(([id, Count]) => {
      const b = branch.get(id);
      return b ? [{ Value: String(id), Count, Name: b.name, EnName: b.en_name || b.name }] : [];
    }).sort(byCount),
    ResourceType: [...counts.resourceTypes].flatMap(([id, Count]) => {
      const x = type.get(id);
      return x ? [{ Value: String(id), Count, Name: x.name, EnName: x.en_name || x.name }] : [];
    }).sort(byCount),
    AvailableNow: counts.availableNow,
    Exact: counts.exact,
  };
}
