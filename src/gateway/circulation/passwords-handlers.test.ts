import { describe, expect, it } from 'vitest';
import { circulationPasswordCalls as P } from '../../shared/api/circulation-passwords.ts';
import { circulationVerifyCalls as V } from '../../shared/api/circulation-verify.ts';
import { verifyPassword } from '../security/passwords.ts';
import { downloadJobFile, pollJob } from '../testing/job-files.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';
import { PG_TEST_URL } from '../testing/pg-test-db.ts';
import { freeReaders, userIdOf } from './desk-fixture.ts';

async function sheetRows(buf: Buffer): Promise<string[][]> {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as never);
  const out: string[][] = [];
  wb.worksheets[0]!.eachRow((row) => out.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  return out;
}

function suite(postgres: boolean) {
  const t = useTestGateway({ postgres });
  const hashOf = async (id: number) => (await t.db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow()).password_hash;
  const pinOf = async (id: number) => (await t.db.selectFrom('borrow_pins').select('pin_hash').where('user_id', '=', id).executeTakeFirst())?.pin_hash;

  it('previews who changes and who is left as they are, and why', async () => {
    const readers = await freeReaders(t, 2);
    const [admin, librarian] = [await userIdOf(t, 'admin'), await userIdOf(t, 'librarian')];
    const UserIDs = [...readers.map((r) => r.id), admin, librarian];
    const p = await t.data(P.previewPasswordReset, { UserIDs, Rule: 'fixed', Password: 'Reset#2026a' }, 'librarian');
    expect(p).toMatchObject({ Total: 4, Changes: 2, SkippedTotal: 2 });
    expect(Object.fromEntries(p.Skipped.map((s) => [s.UserID, s.Reason]))).toEqual({ [admin]: 'protected', [librarian]: 'self' });
    // The administrator may reset a librarian's password.
    expect(await t.data(P.previewPasswordReset, { UserIDs, Rule: 'fixed', Password: 'Reset#2026a' }, 'admin')).toMatchObject({ Changes: 3 });
    // School 1 has the strong policy: card tails and birthdays are too weak, each reader says so.
    const tails = await t.data(P.previewPasswordReset, { UserIDs: readers.map((r) => r.id), Rule: 'cardTail' }, 'admin');
    expect(tails).toMatchObject({ Changes: 0, SkippedTotal: 2, Skipped: [{ Reason: 'policy' }, { Reason: 'policy' }] });
    // One weak value for everyone is the request's fault.
    expect(await t.fail(P.previewPasswordReset, { UserIDs, Rule: 'fixed', Password: 'abc123' }, 'admin', 'en-US')).toMatchObject({ status: 409 });
    expect((await t.fail(P.resetPasswords, { UserIDs: [librarian], Rule: 'fixed', Password: 'Reset#2026a' }, 'librarian')).status).toBe(409);
    // By class and identity.
    const classId = (await t.db.selectFrom('users').select('dept_id').where('id', '=', readers[0]!.id).executeTakeFirstOrThrow()).dept_id!;
    const byClass = await t.data(P.previewPinSet, { DeptID: classId, Identity: 'student', Rule: 'random' }, 'admin');
    const inClass = await t.db.selectFrom('users').select('id').where('dept_id', '=', classId).where('identity', '=', 'student').execute();
    expect(byClass).toMatchObject({ Total: inClass.length, Changes: inClass.length });
  });

  it('resets sign-in passwords in a job that reports each reader, and signs the reader in with the new one', async () => {
    const readers = await freeReaders(t, 2);
    const before = await Promise.all(readers.map((r) => hashOf(r.id)));
    const { DataID, Changes } = await t.data(P.resetPasswords, { UserIDs: readers.map((r) => r.id), Rule: 'fixed', Password: 'Reset#2026a' }, 'librarian');
    expect(Changes).toBe(2);
    const token = await t.tokenFor('librarian');
    const job = (await pollJob(t, DataID, token)).at(-1)!;
    expect(job).toMatchObject({ State: 2, DataCount: 2, Message: '已修改 2 位；未修改 0 位' });
    for (const [i, r] of readers.entries()) {
      const hash = await hashOf(r.id);
      expect(hash).not.toBe(before[i]);
      expect(await verifyPassword('Reset#2026a', hash!)).toBe(true);
    }
    const rows = await sheetRows((await downloadJobFile(t, DataID, token)).rawPayload);
    expect(rows[0]).toEqual(['姓名', '班级/部门', '读者证号', '结果']);
    expect(rows.slice(1).map((r) => [r[2], r[3]])).toEqual(readers.map((r) => [r.reader_id, '已修改']));
    expect(rows.flat().some((v) => v.startsWith('scrypt$'))).toBe(false);
  });

  it('sets borrowing PINs: random ones on printable slips (the only place they appear), card tails, a fixed one', async () => {
    const readers = await freeReaders(t, 2);
    const { DataID } = await t.data(P.setPins, { UserIDs: readers.map((r) => r.id), Rule: 'random', PinLength: 4 }, 'librarian');
    const token = await t.tokenFor('librarian');
    expect((await pollJob(t, DataID, token)).at(-1)).toMatchObject({ State: 2, DataCount: 2 });
    const rows = await sheetRows((await downloadJobFile(t, DataID, token)).rawPayload);
    expect(rows[0]).toEqual(['姓名', '班级/部门', '读者证号', '借阅密码', '结果']);
    for (const r of readers) {
      const row = rows.find((x) => x[2] === r.reader_id)!;
      expect(row[0]).toBe(r.name);
      expect(row[1]).not.toBe('');
      expect(row[3]).toMatch(/^\d{4}$/);
      expect(await verifyPassword(row[3]!, (await pinOf(r.id))!)).toBe(true);
    }
    const choices = await t.data(P.getReaderChoices, { SearchKey: readers[0]!.reader_id }, 'librarian');
    expect(choices.List).toMatchObject([{ ID: readers[0]!.id, HasPin: true }]);
    expect(JSON.stringify(choices)).not.toContain('scrypt');

    // Card tails: the last 4 digits of the card; checked at the desk.
    const tail = await t.data(P.setPins, { UserIDs: [readers[0]!.id], Rule: 'cardTail', PinLength: 4 }, 'librarian');
    await pollJob(t, tail.DataID, token);
    expect(await verifyPassword(readers[0]!.reader_id.slice(-4), (await pinOf(readers[0]!.id))!)).toBe(true);
    await t.data(V.saveVerifySetting, { Mode: 'password' }, 'admin');
    expect(await t.data(V.checkVerify, { UserID: readers[0]!.id, Password: readers[0]!.reader_id.slice(-4) }, 'librarian')).toMatchObject({ Verified: true });
    await t.data(V.saveVerifySetting, { Mode: 'off' }, 'admin');
    // A fixed PIN must be 4 to 6 digits.
    expect((await t.fail(P.previewPinSet, { UserIDs: [readers[0]!.id], Rule: 'fixed', Pin: '12a4' }, 'librarian')).status).toBe(400);
    expect((await t.fail(P.previewPinSet, { UserIDs: [readers[0]!.id], Rule: 'fixed' }, 'librarian')).status).toBe(400);
  });

  it('needs the operations (a student gets 403) and keeps schools apart', async () => {
    const [r] = await freeReaders(t, 1);
    expect((await t.fail(P.resetPasswords, { UserIDs: [r!.id], Rule: 'fixed', Password: 'Reset#2026a' }, 'student')).status).toBe(403);
    expect((await t.fail(P.setPins, { UserIDs: [r!.id], Rule: 'random' }, 'student')).status).toBe(403);
    expect((await t.fail(P.getReaderChoices, {}, 'student')).status).toBe(403);
    expect((await t.fail(P.getDeptChoices, {}, 'teacher')).status).toBe(403);
    // School 2 names school 1's reader or class: not found, nothing changed.
    const before = await pinOf(r!.id);
    expect((await t.fail(P.setPins, { UserIDs: [r!.id], Rule: 'random' }, 'admin2')).status).toBe(404);
    const classId = (await t.db.selectFrom('users').select('dept_id').where('id', '=', r!.id).executeTakeFirstOrThrow()).dept_id!;
    expect((await t.fail(P.previewPasswordReset, { DeptID: classId, Rule: 'fixed', Password: 'Reset#2026a' }, 'admin2')).status).toBe(404);
    expect(await pinOf(r!.id)).toBe(before);
    expect((await t.data(P.getReaderChoices, { SearchKey: r!.reader_id }, 'admin2')).List.map((x) => x.ID)).not.toContain(r!.id);
    // Nothing chosen.
    expect((await t.fail(P.previewPinSet, { Rule: 'random' }, 'admin')).status).toBe(400);
  });
}

describe('batch passwords on SQLite', () => suite(false));
describe.skipIf(!PG_TEST_URL)('batch passwords on PostgreSQL', () => suite(true));
