import type { Selectable } from 'kysely';
import { organizationCalls as c, type OrganizationContact } from '../../shared/api/organization.ts';
import type { SchoolOrganizationsTable } from '../db/schema-organization.ts';
import { isUniqueViolation, writeTx } from '../db/connect.ts';
import { handler, type HandlerMapFor } from '../http/handler-types.ts';
import { AppError } from '../http/app-error.ts';
import { containsText } from '../db/like.ts';
import { requireSchool } from '../access/call-context.ts';

const toDto = (r: Selectable<SchoolOrganizationsTable>): OrganizationContact => ({
  ID: r.id, Name: r.name, EnName: r.en_name, Contact: r.contact, Phone: r.phone, Email: r.email, Address: r.address, Remark: r.remark, Sort: r.sort,
});

interface ContactInput { Name: string; EnName: string; Contact: string; Phone: string; Email: string; Address: string; Remark: string; Sort: number }
const values = (i: ContactInput) => ({ name: i.Name, en_name: i.EnName, contact: i.Contact, phone: i.Phone, email: i.Email, address: i.Address, remark: i.Remark, sort: i.Sort });

async function guardDuplicate<T>(name: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (isUniqueViolation(err)) throw AppError.conflict('errors:organization.contactExists', { name });
    throw err;
  }
}

/** School organisation contacts (offices and partner units), one list per school. */
export const orgContactHandlers = {
  'organization.getSchoolOrganization': handler(c.getSchoolOrganization, async (i, ctx) => {
    const schoolId = requireSchool(ctx);
    let q = ctx.app.db.selectFrom('school_organizations').where('school_id', '=', schoolId);
    if (i.SearchKey?.trim()) {
      const key = i.SearchKey.trim();
      q = q.where((eb) => eb.or([containsText('name', key), containsText('en_name', key), containsText('contact', key), containsText('phone', key)]));
    }
    const [{ n }, rows] = await Promise.all([
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      q.selectAll().orderBy('sort').orderBy('id').limit(i.Rows).offset((i.Page - 1) * i.Rows).execute(),
    ]);
    return { Total: Number(n), List: rows.map(toDto) };
  }),
  'organization.addContact': handler(c.addContact, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    const row = await guardDuplicate(input.Name, () => writeTx(ctx.app.db, (trx) =>
      trx.insertInto('school_organizations').values({ school_id: schoolId, ...values(input) }).returningAll().executeTakeFirstOrThrow()));
    return toDto(row);
  }),
  'organization.updateContact': handler(c.updateContact, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    const row = await guardDuplicate(input.Name, () => writeTx(ctx.app.db, (trx) =>
      trx.updateTable('school_organizations').set(values(input)).where('school_id', '=', schoolId).where('id', '=', input.ID).returningAll().executeTakeFirst()));
    if (!row) throw AppError.notFound();
    return toDto(row);
  }),
  'organization.deleteContact': handler(c.deleteContact, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    const r = await writeTx(ctx.app.db, (trx) => trx.deleteFrom('school_organizations').where('school_id', '=', schoolId).where('id', '=', input.ID).executeTakeFirst());
    if (Number(r.numDeletedRows) === 0) throw AppError.notFound();
    return null;
  }),
} satisfies HandlerMapFor<typeof c>;
