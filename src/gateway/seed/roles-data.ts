import adminRoutes from './admin-routes.json' with { type: 'json' };
import { operationsOf } from '../../shared/domain/menu-operations.ts';
import type { Row, Tables } from './demo-data.ts';

/**
 * Roles slice of the demo seed, run after both schools are generated: built-in flags and scope
 * kinds on the default roles, the head-teacher and reviewer roles, every role's branch scope, and
 * the class scopes of the demo class librarian and head teacher. Deterministic (no randomness).
 */
const HOME = ['/data-analysis', '/setting', '/process'];
const routes = (adminRoutes as { routes: Array<{ path: string; group: string }> }).routes;
const inGroup = (g: string) => routes.filter((r) => r.group === g).map((r) => r.path);

const EXTRA_ROLES = [
  // The head teacher also sets their class corner's rule (their class scope limits it to their class).
  { code: 'head-teacher', zh: '班主任', en: 'Head teacher', scope: 'class', base: 'teacher', extra: ['classcorner.rules.edit'] },
  { code: 'reviewer', zh: '审核员', en: 'Reviewer', scope: 'dept', base: null, extra: [] },
] as const;

const SCOPE: Record<string, string> = { 'class-librarian': 'class', 'head-teacher': 'class', reviewer: 'dept' };

export function addRolesData(tables: Tables): void {
  const rows = (t: string): Row[] => {
    let list = tables.get(t);
    if (!list) tables.set(t, (list = []));
    return list;
  };
  const roles = rows('roles');
  const users = rows('users');
  let nextRoleId = Math.max(0, ...roles.map((r) => Number(r.id))) + 1;
  const reviewerPerms = [...HOME, ...inGroup('reviews-points')];
  for (const school of rows('schools')) {
    const sid = Number(school.id);
    const mine = roles.filter((r) => r.school_id === sid);
    const created = String(mine[0]?.created_at ?? school.created_at);
    for (const x of EXTRA_ROLES) {
      const base = x.base ? mine.find((r) => r.code === x.base) : undefined;
      const perms = base
        ? JSON.stringify([...(JSON.parse(String(base.permissions)) as string[]), ...x.extra])
        : JSON.stringify([...reviewerPerms, ...operationsOf(reviewerPerms), ...x.extra]);
      roles.push({ id: nextRoleId++, school_id: sid, code: x.code, name: x.zh, en_name: x.en, permissions: perms, created_at: created });
    }
  }
  for (const r of roles) {
    r.built_in = 1;
    r.scope_kind = SCOPE[String(r.code)] ?? 'none';
  }
  // Branch scope: every role may work in every branch of its school.
  const branches = rows('branches');
  const roleBranches = rows('role_branches');
  for (const r of roles) for (const b of branches) if (b.school_id === r.school_id) roleBranches.push({ role_id: r.id!, branch_id: b.id! });

  // The demo class librarian looks after their own class; the demo teacher heads the demo student's class.
  const roleId = (sid: number | string | null | undefined, code: string) => roles.find((r) => r.school_id === sid && r.code === code)?.id;
  const scopes = rows('user_role_scopes');
  const classlib = users.find((u) => u.account === 'classlib');
  const teacher = users.find((u) => u.account === 'teacher');
  const student = users.find((u) => u.account === 'student');
  if (classlib?.dept_id != null) scopes.push({ user_id: classlib.id!, role_id: roleId(classlib.school_id, 'class-librarian')!, dept_id: classlib.dept_id });
  if (teacher && student?.dept_id != null) {
    const head = roleId(teacher.school_id, 'head-teacher')!;
    rows('user_roles').push({ user_id: teacher.id!, role_id: head });
    scopes.push({ user_id: teacher.id!, role_id: head, dept_id: student.dept_id });
  }
}
