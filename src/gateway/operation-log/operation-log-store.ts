import { sql, type Kysely, type SqlBool } from 'kysely';
import { wordReason, type DeskReason } from '../../shared/api/circulation.ts';
import { COUNTER_CALLS, type CounterRow, type OperationDomain, type OperationEntry, type OperationLogQuery } from '../../shared/api/operation-log.ts';
import type { z } from 'zod';
import type { counterStatisticsQuery } from '../../shared/api/operation-log.ts';
import { addDays } from '../../shared/domain/borrowing/local-days.ts';
import { dayStart } from '../circulation/records-store.ts';
import { containsText } from '../db/like.ts';
import type { Database } from '../db/schema.ts';

/**
 * Reads of the operation log (written by http/operation-recorder.ts). The log stores the call id
 * and the message key; this turns them into words in the reader's language.
 */

type Db = Kysely<Database>;
type Translate = (key: string, params?: Record<string, unknown>) => string;

export type OperationFilters = Omit<OperationLogQuery, 'Page' | 'Rows'> & { beforeId?: number };

function logQuery(db: Db, schoolId: number, f: OperationFilters, offset: number) {
  let q = db.selectFrom('operation_log as o').where('o.school_id', '=', schoolId);
  if (f.DateFrom) q = q.where('o.at', '>=', dayStart(f.DateFrom, offset));
  if (f.DateTo) q = q.where('o.at', '<', dayStart(addDays(f.DateTo, 1), offset));
  if (f.User?.trim()) q = q.where(sql<SqlBool>`(${containsText('o.user_name', f.User.trim())} or ${containsText('o.user_account', f.User.trim())})`);
  if (f.Workstation?.trim()) q = q.where(sql<SqlBool>`(${containsText('o.workstation', f.Workstation.trim())} or ${containsText('o.ip', f.Workstation.trim())})`);
  if (f.Domain) q = q.where('o.domain', '=', f.Domain);
  if (f.Result) q = q.where('o.result', '=', f.Result);
  if (f.Keyword?.trim()) q = q.where(containsText('o.target', f.Keyword.trim()));
  if (f.beforeId != null) q = q.where('o.id', '<', f.beforeId);
  return q;
}

/**
 * What a call does, in words: its own label where it has one (the desk's calls), else its
 * domain and the verb its name starts with ("读者 · 新增"), else the domain and "change".
 */
export function actionLabel(t: Translate, callId: string): string {
  const own = `operation-log:calls.${callId}`;
  const label = t(own);
  if (label !== own) return label;
  const [domain = '', ...rest] = callId.split('.');
  const verb = /^[a-z]+/.exec(rest.at(-1) ?? '')?.[0] ?? '';
  const verbKey = `operation-log:verbs.${verb}`;
  const verbLabel = t(verbKey);
  return t('operation-log:action', { domain: t(`operation-log:domains.${domain}`), verb: verbLabel === verbKey ? t('operation-log:verbs.other') : verbLabel });
}

/** A refusal's message in the reader's language; a desk refusal words its first reason again. */
export function messageOf(t: Translate, key: string, paramsJson: string): string {
  if (!key) return '';
  let params: Record<string, unknown> = {};
  try {
    params = JSON.parse(paramsJson) as Record<string, unknown>;
  } catch {
    // stored by hand or cut short: the key alone still says what happened
  }
  const first = params.firstReason as DeskReason | undefined;
  if (first && typeof first === 'object' && typeof first.Key === 'string') params = { ...params, reason: wordReason(t, first) };
  return t(key, params);
}

export async function findOperations(
  db: Db, schoolId: number, offset: number, f: OperationFilters, page: number, rows: number, t: Translate, opts: { total?: boolean } = {},
): Promise<{ List: OperationEntry[]; Total: number }> {
  const base = logQuery(db, schoolId, f, offset);
  const [count, list] = await Promise.all([
    opts.total === false ? { n: 0 } : base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    base.selectAll('o').orderBy('o.id', 'desc').limit(rows).offset((page - 1) * rows).execute(),
  ]);
  return {
    Total: Number(count.n),
    List: list.map((r): OperationEntry => ({
      ID: r.id, At: r.at, UserName: r.user_name, UserAccount: r.user_account, Workstation: r.workstation, IP: r.ip,
      Domain: r.domain as OperationDomain, CallID: r.call_id, Action: actionLabel(t, r.call_id), Target: r.target,
      Result: r.result, Message: messageOf(t, r.message_key, r.message_params), DurationMs: r.duration_ms,
    })),
  };
}

export type CounterFilters = z.output<typeof counterStatisticsQuery>;

/**
 * Counter statistics from the log: the desk's calls in the period, grouped by desk (its name, else
 * its address), by staff member, or both; done calls per kind and refusals of any, the busiest first.
 */
export async function counterStatistics(db: Db, schoolId: number, offset: number, f: CounterFilters): Promise<CounterRow[]> {
  const all = Object.values(COUNTER_CALLS).flat();
  const desk = sql<string>`case when o.workstation = '' then o.ip else o.workstation end`;
  const byDesk = f.GroupBy !== 'staff';
  const byStaff = f.GroupBy !== 'desk';
  const count = (calls: readonly string[]) => sql<number | string>`sum(case when o.result = 'ok' and o.call_id in (${sql.join(calls.map((c) => sql.lit(c)))}) then 1 else 0 end)`;
  let q = logQuery(db, schoolId, { DateFrom: f.DateFrom, DateTo: f.DateTo, User: f.User, Workstation: f.Workstation }, offset)
    .where('o.call_id', 'in', all)
    .select([
      (byDesk ? desk : sql<string>`''`).as('desk'),
      (byStaff ? sql<string>`o.user_account` : sql<string>`''`).as('account'),
      (byStaff ? sql<string>`max(o.user_name)` : sql<string>`''`).as('name'),
      count(COUNTER_CALLS.Borrow).as('borrow'), count(COUNTER_CALLS.Return).as('ret'), count(COUNTER_CALLS.Renew).as('renew'), count(COUNTER_CALLS.Undo).as('undo'),
      sql<number | string>`sum(case when o.result = 'refused' then 1 else 0 end)`.as('refused'),
    ]);
  if (byDesk) q = q.groupBy(desk);
  if (byStaff) q = q.groupBy('o.user_account');
  const rows = await q.execute();
  return rows.map((r) => {
    const n = { Borrow: Number(r.borrow), Return: Number(r.ret), Renew: Number(r.renew), Undo: Number(r.undo), Refused: Number(r.refused) };
    return {
      Workstation: String(r.desk), UserName: String(r.name), UserAccount: String(r.account), ...n,
      Total: n.Borrow + n.Return + n.Renew + n.Undo,
      Label: [r.desk, r.name].filter(Boolean).join(' · '),
    };
  }).sort((a, b) => b.Total - a.Total || a.Label.localeCompare(b.Label));
}
