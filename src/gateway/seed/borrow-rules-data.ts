import type { Row, Tables } from './demo-data.ts';

/**
 * Borrowing-rules slice of the demo seed, run after both schools are generated (it reads their
 * departments, users and resource types): a default student group, a teachers group assigned to
 * identity teacher, a small-class group on one class, and the school calendar of the demo year.
 * Deterministic (no randomness).
 */

type GroupPlan = {
  zh: string; en: string; max: number; loan: number; renew: number; renewals: number;
  overdue: 'allow' | 'block-item' | 'block-all'; isDefault: boolean;
  /** Per resource type code: [maxLoans, loanDays, renewDays, maxRenewals]. */
  byType?: Record<string, [number, number, number, number]>;
};

const GROUPS: GroupPlan[] = [
  { zh: '学生默认组', en: 'Students (default)', max: 3, loan: 30, renew: 15, renewals: 1, overdue: 'block-item', isDefault: true, byType: { MAG: [1, 14, 7, 0], REF: [0, 0, 0, 0] } },
  { zh: '教师组', en: 'Teachers', max: 10, loan: 60, renew: 30, renewals: 2, overdue: 'allow', isDefault: false, byType: { REF: [5, 90, 30, 2] } },
  { zh: '小班借阅组', en: 'Small class', max: 5, loan: 21, renew: 14, renewals: 1, overdue: 'block-all', isDefault: false },
];

type Closed = { from: string; to: string; zh: string };

/**
 * Closed periods and make-up days of a school year. 2025 and 2026 follow the State Council's
 * holiday notices; other years get the fixed-date holidays only (lunar ones move every year).
 */
function calendarOf(year: number): { closed: Closed[]; open: string[] } {
  const y = (md: string) => `${year}-${md}`;
  const closed: Closed[] = [
    { from: y('01-01'), to: y('01-01'), zh: '元旦' },
    { from: y('05-01'), to: y('05-05'), zh: '劳动节' },
    { from: y('07-11'), to: y('08-31'), zh: '暑假' },
    { from: y('10-01'), to: y('10-07'), zh: '国庆节' },
  ];
  const open: string[] = [];
  if (year === 2025) {
    closed.push(
      { from: '2025-01-18', to: '2025-01-27', zh: '寒假' }, { from: '2025-01-28', to: '2025-02-04', zh: '春节' }, { from: '2025-02-05', to: '2025-02-16', zh: '寒假' },
      { from: '2025-04-04', to: '2025-04-06', zh: '清明节' }, { from: '2025-05-31', to: '2025-06-02', zh: '端午节' }, { from: '2025-10-08', to: '2025-10-08', zh: '中秋节' },
    );
    open.push('2025-01-26', '2025-02-08', '2025-04-27', '2025-09-28', '2025-10-11');
  } else if (year === 2026) {
    closed.push(
      { from: '2026-01-02', to: '2026-01-03', zh: '元旦' }, { from: '2026-01-24', to: '2026-02-14', zh: '寒假' }, { from: '2026-02-15', to: '2026-02-23', zh: '春节' },
      { from: '2026-02-24', to: '2026-03-01', zh: '寒假' }, { from: '2026-04-04', to: '2026-04-06', zh: '清明节' }, { from: '2026-06-19', to: '2026-06-21', zh: '端午节' },
      { from: '2026-09-25', to: '2026-09-27', zh: '中秋节' },
    );
    open.push('2026-01-04', '2026-05-09', '2026-09-20', '2026-10-10');
  }
  return { closed, open };
}

function eachDay(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

export function addBorrowRulesData(tables: Tables, now: Date): void {
  const rows = (t: string): Row[] => {
    let list = tables.get(t);
    if (!list) tables.set(t, (list = []));
    return list;
  };
  const ids = { group: 0, rule: 0, assignment: 0, day: 0 };
  const created = now.toISOString();
  const year = now.getUTCFullYear();
  for (const school of rows('schools')) {
    const schoolId = Number(school.id);
    const types = new Map(rows('resource_types').filter((t) => t.school_id === schoolId).map((t) => [String(t.code), Number(t.id)]));
    const groupIds: number[] = [];
    GROUPS.forEach((g, i) => {
      const id = ++ids.group;
      groupIds.push(id);
      rows('permission_groups').push({
        id, school_id: schoolId, name: g.zh, en_name: g.en, max_loans: g.max, loan_days: g.loan, renew_days: g.renew,
        max_renewals: g.renewals, overdue_renewal: g.overdue, is_default: g.isDefault ? 1 : 0, sort: i + 1, updated_at: created,
      });
      for (const [code, [max, loan, renew, renewals]] of Object.entries(g.byType ?? {})) {
        const typeId = types.get(code);
        if (typeId == null) continue;
        rows('permission_group_type_rules').push({ id: ++ids.rule, school_id: schoolId, group_id: id, resource_type_id: typeId, max_loans: max, loan_days: loan, renew_days: renew, max_renewals: renewals });
      }
    });
    const assign = (groupId: number, kind: string, target: string) =>
      rows('group_assignments').push({ id: ++ids.assignment, school_id: schoolId, group_id: groupId, kind, target_id: target, created_at: created });
    assign(groupIds[1]!, 'identity', 'teacher');
    // The small-class example: the first class of the school.
    const firstClass = rows('departments').find((d) => d.school_id === schoolId && d.kind === 'class');
    if (firstClass) assign(groupIds[2]!, 'class', String(firstClass.id));

    rows('borrowing_settings').push({ school_id: schoolId, combined_borrowing: 0, closed_weekdays: '[0,6]', utc_offset_minutes: 480, updated_at: created });
    const days = new Map<string, { state: string; reason: string }>();
    for (const y of [year - 1, year]) {
      const cal = calendarOf(y);
      // Later entries win, so a national holiday inside a school break keeps its own name.
      for (const c of cal.closed) for (const d of eachDay(c.from, c.to)) days.set(d, { state: 'closed', reason: c.zh });
      for (const d of cal.open) if (!days.has(d)) days.set(d, { state: 'open', reason: '调休上班' });
    }
    for (const [day, v] of [...days].sort(([a], [b]) => a.localeCompare(b))) {
      rows('calendar_days').push({ id: ++ids.day, school_id: schoolId, day, state: v.state, reason: v.reason });
    }
  }
}
