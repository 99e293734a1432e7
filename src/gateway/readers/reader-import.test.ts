import { describe, expect, it } from 'vitest';
import { readerCalls } from '../../shared/api/readers.ts';
import { downloadJobFile, exportReaders } from '../testing/job-files.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';
import { xlsxBase64 } from '../import/xlsx-fixture.ts';

const t = useTestGateway();

const count = async (school = 1) =>
  Number((await t.db.selectFrom('users').where('school_id', '=', school).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
const preview = async (content: string, opts: { as?: string; Mode?: string; lang?: string } = {}) =>
  t.call(readerCalls.importPreview, { FileName: '读者.xlsx', Content: content, Mode: opts.Mode ?? 'upsert' }, { as: opts.as ?? 'admin', lang: opts.lang });

describe('reader import', () => {
  it('previews create / update / reject row by row with reasons and writes nothing; commit applies exactly that', async () => {
    const existing = await t.db.selectFrom('users').selectAll().where('school_id', '=', 1).where('identity', '=', 'student').orderBy('id').executeTakeFirstOrThrow();
    const content = await xlsxBase64(
      ['读者证号', '姓名', '身份', '部门/班级', '性别', '手机号码', '电子邮箱', '有效期至', '备注'],
      [
        ['IMP001', '赵一', '学生', '一年级1班', '男', '13800000001', '', '2030/8/31', 'x'],
        ['IMP002', 'Li Er', 'Teacher', '一年级2班', 'female', 13800000002, 'li@example.com', '', ''],
        [existing.reader_id, '', '', '', '', '13800000003', '', '', ''],
        ['IMP003', '孙三', '学生', '', '', '12345', '', '', ''],
        ['IMP004', '', '外星人', '不存在的班', '', '13800000004', 'bad-mail', '', ''],
        ['IMP001', '重复', '学生', '', '', '13800000005', '', '', ''],
      ],
    );
    const before = await count();
    const res = await preview(content);
    expect(res.json().code).toBe(0);
    const p = res.json().data;
    expect(p.Summary).toEqual({ Create: 2, Update: 1, Reject: 3 });
    const byRow = Object.fromEntries(p.Rows.map((r: { RowNo: number }) => [r.RowNo, r]));
    expect(byRow[2]).toMatchObject({ Action: 'create', Reasons: [], Data: { Name: '赵一', Identity: 'student', DeptName: '一年级1班', ExpireAt: '2030-08-31', Phone: '138****0001' } });
    expect(byRow[3]).toMatchObject({ Action: 'create', Data: { Identity: 'teacher', Sex: 'female', DeptName: '一年级2班' } });
    expect(byRow[4]).toMatchObject({ Action: 'update', Data: { Name: existing.name } });
    expect(byRow[5]).toMatchObject({ Action: 'reject', Reasons: ['validation:phone.invalid'] });
    expect(byRow[6].Reasons).toEqual(expect.arrayContaining(['validation:reader.deptNotFound', 'validation:required.name', 'validation:required.identity', 'validation:reader.email']));
    expect(byRow[7].Reasons).toContain('kit:import.reasons.duplicateInFile');
    expect(await count()).toBe(before);

    const commit = await t.data(readerCalls.importCommit, { Token: p.Token }, 'admin');
    expect(commit.Summary).toEqual({ Created: 2, Updated: 1, Rejected: 3 });
    expect(await count()).toBe(before + 2);
    const zhao = await t.db.selectFrom('users').selectAll().where('reader_id', '=', 'IMP001').executeTakeFirstOrThrow();
    expect(zhao).toMatchObject({ name: '赵一', pinyin: 'zhaoyi', account: 'bjsy01_imp001', expire_at: '2030-08-31T00:00:00.000Z', school_id: 1 });
    const upd = await t.db.selectFrom('users').selectAll().where('id', '=', existing.id).executeTakeFirstOrThrow();
    expect(upd).toMatchObject({ phone: '13800000003', name: existing.name, dept_id: existing.dept_id, identity: existing.identity });
    // A token is used once.
    expect(await t.fail(readerCalls.importCommit, { Token: p.Token }, 'admin')).toMatchObject({ success: false, message: '预览已过期或已提交，请重新预览' });
  });

  it('rejects at commit a row that changed after the preview, and never half-writes it', async () => {
    const target = await t.db.selectFrom('users').selectAll().where('school_id', '=', 1).where('identity', '=', 'teacher').orderBy('id', 'desc').executeTakeFirstOrThrow();
    const content = await xlsxBase64(['Reader ID', 'Name', 'Identity', 'Phone'], [
      [target.reader_id, '新名字', 'teacher', '13700000001'],
      ['IMP100', '周一', 'student', '13700000002'],
      ['IMP101', '吴二', 'student', '13700000003'],
    ]);
    const p = (await preview(content, { lang: 'en-US' })).json().data;
    expect(p.Summary).toEqual({ Create: 2, Update: 1, Reject: 0 });
    // Meanwhile: the teacher is edited and IMP101 is taken by a single save.
    await t.db.updateTable('users').set({ updated_at: new Date().toISOString() }).where('id', '=', target.id).execute();
    await t.call(readerCalls.addReader, { Account: 'race101', Name: '抢先', ReaderID: 'IMP101', Identity: 'student', Phone: '13700000009' }, 'admin');
    const c = await t.data(readerCalls.importCommit, { Token: p.Token }, 'admin');
    expect(c.Summary).toEqual({ Created: 1, Updated: 0, Rejected: 2 });
    expect(c.Rows.find((r: { RowNo: number }) => r.RowNo === 2).Reasons).toEqual(['kit:import.reasons.changedSincePreview']);
    expect(c.Rows.find((r: { RowNo: number }) => r.RowNo === 4).Reasons).toEqual(['validation:reader.readerIdTaken']);
    expect((await t.db.selectFrom('users').select('name').where('id', '=', target.id).executeTakeFirstOrThrow()).name).toBe(target.name);
    expect((await t.db.selectFrom('users').select('name').where('reader_id', '=', 'IMP101').executeTakeFirstOrThrow()).name).toBe('抢先');
  });

  it('create-only mode rejects existing card numbers; bad files are refused whole', async () => {
    const existing = await t.db.selectFrom('users').select('reader_id').where('school_id', '=', 1).executeTakeFirstOrThrow();
    const p = (await preview(await xlsxBase64(['读者证号', '姓名', '身份', '手机号码'], [[existing.reader_id, '甲', '学生', '13600000001']]), { Mode: 'create' })).json().data;
    expect(p.Rows[0]).toMatchObject({ Action: 'reject', Reasons: ['validation:reader.readerIdTaken'] });

    const noKey = await preview(await xlsxBase64(['姓名', '手机号码'], [['乙', '13600000002']]));
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().message).toContain('读者证号');
    const garbage = await preview(Buffer.from('not a spreadsheet').toString('base64'));
    expect(garbage.json().message).toBe('无法读取该文件，请确认是 Excel .xlsx 文件');
    expect((await t.fail(readerCalls.importPreview, { FileName: 'a.csv', Content: 'eA==' }, 'admin')).message).toBe('只能导入 Excel .xlsx 文件');
  });

  it('keeps schools apart: a card number both schools use updates only this school\'s reader; tokens are per user and school', async () => {
    // Card numbers are unique per school, so the demo schools share R2026000001…
    const other = await t.db.selectFrom('users').select(['id', 'reader_id', 'name']).where('school_id', '=', 2).orderBy('id', 'desc').executeTakeFirstOrThrow();
    const content = await xlsxBase64(['读者证号', '姓名', '身份', '手机号码'], [[other.reader_id, '本校同号', '学生', '13500000001']]);
    const p = (await preview(content)).json().data;
    expect(p.Rows[0].Action).toBe('update');
    const stolen = await t.call(readerCalls.importCommit, { Token: p.Token }, 'admin2');
    expect(stolen.json().success).toBe(false);
    const before2 = await count(2);
    await t.call(readerCalls.importCommit, { Token: p.Token }, 'admin');
    expect((await t.db.selectFrom('users').select('name').where('id', '=', other.id).executeTakeFirstOrThrow()).name).toBe(other.name);
    expect((await t.db.selectFrom('users').select('name').where('school_id', '=', 1).where('reader_id', '=', other.reader_id).executeTakeFirstOrThrow()).name).toBe('本校同号');
    expect(await count(2)).toBe(before2);
  });

  it('refuses teacher and reader roles with 403', async () => {
    const content = await xlsxBase64(['读者证号', '姓名'], [['Q1', '丙']]);
    for (const account of ['teacher', 'student']) {
      expect((await preview(content, { as: account })).statusCode).toBe(403);
      expect((await t.fail(readerCalls.importCommit, { Token: 'x' }, account)).status).toBe(403);
    }
  });

  it('imports back what the export wrote (same headers, labels in either language)', async () => {
    const content = await xlsxBase64(['Reader ID', 'Name', 'Identity', 'Department/Class', 'Sex', 'Phone', 'Email', 'Status', 'Expires'], [
      ['EXP1', 'Ann Lee', 'Parent', '', 'Female', '15900000001', 'ann@example.com', 'Active', '2031-01-31'],
    ]);
    const p = (await preview(content, { lang: 'en-US' })).json().data;
    expect(p.Rows[0]).toMatchObject({ Action: 'create', Data: { Identity: 'parent', Sex: 'female', Status: 'active', ExpireAt: '2031-01-31' } });
  });

  it('imports an exported sheet back without damaging phones: a masked number keeps the stored one', async () => {
    const phones = async () => new Map((await t.db.selectFrom('users').select(['id', 'phone']).where('school_id', '=', 1).execute()).map((r) => [r.id, r.phone]));
    const before = await phones();
    const admin = await t.tokenFor('admin');
    for (const lang of ['zh-CN', 'en-US']) {
      const job = await exportReaders(t, admin, { SearchKey: '张' }, { lang });
      expect(job.DataCount).toBeGreaterThan(5);
      const file = await downloadJobFile(t, job.DataID, admin);
      const p = (await preview(file.rawPayload.toString('base64'), { lang })).json().data;
      // Every row is an update; none is refused for its phone. (Only a department whose name two
      // departments share can refuse a row: that is the sheet's department-by-name, not the phone.)
      const reasons = p.Rows.flatMap((r: { Reasons: string[] }) => r.Reasons);
      expect(reasons.filter((r: string) => r !== 'validation:reader.deptAmbiguous'), lang).toEqual([]);
      expect(p.Summary.Create).toBe(0);
      expect(p.Summary.Update).toBe(job.DataCount - p.Summary.Reject);
      expect(p.Summary.Update).toBeGreaterThan(5);
      expect(p.Rows[0].Data.Phone).toMatch(/^1\d\d\*{4}\d{4}$/);
      const c = await t.data(readerCalls.importCommit, { Token: p.Token }, 'admin');
      expect(c.Summary).toEqual({ Created: 0, Updated: p.Summary.Update, Rejected: p.Summary.Reject });
    }
    const after = await phones();
    expect(after).toEqual(before);
    expect([...after.values()].some((v) => v.includes('*'))).toBe(false);
  });

  it('keeps the stored phone for any masked value, and rejects a new reader with a masked phone naming the field', async () => {
    const old = await t.db.selectFrom('users').selectAll().where('school_id', '=', 1).where('identity', '=', 'student').where('phone', '!=', '').orderBy('id', 'desc').executeTakeFirstOrThrow();
    const content = await xlsxBase64(['读者证号', '姓名', '身份', '手机'], [
      [old.reader_id, '改名了', '', '139****0000'],
      ['MASK01', '新读者', '学生', '138****0001'],
    ]);
    const p = (await preview(content)).json().data;
    expect(p.Rows[0]).toMatchObject({ Action: 'update', Data: { Name: '改名了', Phone: `${old.phone.slice(0, 3)}****${old.phone.slice(-4)}` } });
    expect(p.Rows[1]).toMatchObject({ Action: 'reject', Reasons: ['validation:phone.masked'] });
    await t.call(readerCalls.importCommit, { Token: p.Token }, 'admin');
    expect(await t.db.selectFrom('users').select(['name', 'phone']).where('id', '=', old.id).executeTakeFirstOrThrow()).toEqual({ name: '改名了', phone: old.phone });
    expect(await t.db.selectFrom('users').select('id').where('reader_id', '=', 'MASK01').executeTakeFirst()).toBeUndefined();
    // The reason reads in the user's language.
    const en = await preview(content, { lang: 'en-US' });
    expect(en.json().data.Rows[1].Reasons).toEqual(['validation:phone.masked']);
  });
});
