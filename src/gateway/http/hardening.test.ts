import { describe, expect, it } from 'vitest';
import { basicSetsCalls as B } from '../../shared/api/basic-sets.ts';
import { borrowRulesCalls as R } from '../../shared/api/borrow-rules.ts';
import { translationCalls } from '../../shared/api/translation.ts';
import { readerCalls } from '../../shared/api/readers.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';

/**
 * The defects an outside probe found (issue "Hold against anything"), each as the request that
 * showed it. Each failed before its fix at the shared piece (field types, paging, error rule).
 */
const t = useTestGateway();

describe('a stored value never breaks a read', () => {
  it('refuses days outside 1900–2199, naming the field', async () => {
    expect(await t.fail(R.setDays, { Days: ['0020-02-29', '0020-03-01'], State: 'closed' }, 'admin', 'en-US')).toMatchObject({ status: 400, message: 'Days item 1: must be between 1900-01-01 and 2199-12-31; Days item 2: must be between 1900-01-01 and 2199-12-31' });
    for (const LoanDay of ['0099-12-31', '9999-12-31', '1899-12-31', '2200-01-01']) {
      expect((await t.fail(R.getDueDates, { LoanDay }, 'admin')).status, LoanDay).toBe(400);
    }
    await t.data(R.getDueDates, { LoanDay: '2199-12-31' }, 'admin');
  });

  it('reads a calendar that holds days written before the rule', async () => {
    await t.db.insertInto('calendar_days').values([
      { school_id: 1, day: '0020-02-29', state: 'closed', reason: '' },
      { school_id: 1, day: '0020-03-01', state: 'closed', reason: '' },
      { school_id: 1, day: 'not a day', state: 'closed', reason: '' },
    ]).execute();
    try {
      const cal = await t.data(R.getCalendar, {}, 'admin');
      expect(cal.Calendar.ClosedDates).not.toContain('0020-02-29');
      await t.data(R.setClosedWeekdays, { ClosedWeekdays: [0, 6] }, 'admin');
      await t.data(R.setDays, { Days: ['2030-01-02'], State: 'closed' }, 'admin');
    } finally {
      await t.db.deleteFrom('calendar_days').where('school_id', '=', 1).where('day', 'in', ['0020-02-29', '0020-03-01', 'not a day', '2030-01-02']).execute();
    }
  });
});

describe('paging is bounded', () => {
  it('refuses a huge page with 400, never 500', async () => {
    expect(await t.fail(translationCalls.getTranslation, { Page: 2000000000000000, Rows: 5000 }, 'admin', 'en-US')).toMatchObject({ status: 400, message: 'Page: must not be greater than 100000' });
    const list = await t.data(B.branchList, { Page: 100000, Rows: 1000 }, 'admin');
    expect(list.List).toEqual([]);
  });
});

describe('invisible characters are refused or trimmed, in the user\'s language', () => {
  const branch = { Code: 'HARD1', Name: '东校区', EnName: '' };
  it.each([
    ['NUL', 'A\u0000B'], ['BEL', 'A\u0007'], ['ESC colour', '\u001b[31m红\u001b[0m'], ['C1', 'A\u0085B'], ['newline in a one-line field', 'A\nB'],
  ])('refuses %s', async (_label, Name) => {
    expect(await t.fail(B.branchAdd, { ...branch, Name }, 'admin')).toMatchObject({ status: 400, message: expect.stringMatching(/^名称含有不可见的控制字符/) });
  });
  it.each([['RLO', '\u202Eabc'], ['isolate', 'a\u2066b\u2069']])('refuses the bidi control %s', async (_label, Name) => {
    expect(await t.fail(B.branchAdd, { ...branch, Name }, 'admin', 'en-US')).toMatchObject({ status: 400, message: 'Name: contains hidden characters that change the text direction; please remove them' });
  });
  it('trims zero-width edges and stores NFC', async () => {
    const res = await t.data(B.branchAdd, { ...branch, Code: 'HARD2', Name: '\u200B\uFEFFCafe\u0301 分馆\u200B' }, 'admin');
    expect(res.Name).toBe('Café 分馆');
    const row = await t.db.selectFrom('branches').select('name').where('code', '=', 'HARD2').executeTakeFirstOrThrow();
    expect(row.name).toBe('Caf\u00e9 分馆');
  });
});

describe('messages name the field and what is wrong', () => {
  it('too long, wrong type and missing are three different messages', async () => {
    expect((await t.fail(B.branchAdd, { Code: 'HARD3', Name: 'x'.repeat(201) }, 'admin', 'en-US')).message).toBe('Name: at most 200 characters');
    expect((await t.fail(B.branchAdd, { Code: 'HARD3', Name: 5 }, 'admin', 'en-US')).message).toBe('Name: must be text');
    expect((await t.fail(B.branchAdd, { Code: 'HARD3' }, 'admin', 'en-US')).message).toBe('Please enter the branch library name');
    expect((await t.fail(readerCalls.addReader, { Account: 'hard4', Name: '王'.repeat(101), ReaderID: 'H4', Identity: 'student', Phone: '13800000000' }, 'admin')).message).toBe('名称最多 100 个字符');
  });
  it('a department that does not exist is 404', async () => {
    expect((await t.fail(readerCalls.addReader, { Account: 'hard5', Name: '测试', ReaderID: 'H5', Identity: 'student', Phone: '13800000000', DeptID: 999999 }, 'admin')).status).toBe(404);
  });
});

describe('one status rule', () => {
  it('answers another method on a contract path with 405 and Allow', async () => {
    const res = await t.app.inject({ method: 'GET', url: B.branchAdd.path });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('POST');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toMatchObject({ code: 405, success: false });
  });
  it('gives every refusal a JSON content type and a matching code', async () => {
    const dup = await t.call(B.branchAdd, { Code: 'HARD2', Name: '重复' }, 'admin');
    expect(dup.statusCode).toBe(409);
    expect(dup.headers['content-type']).toMatch(/^application\/json/);
    expect(dup.json()).toMatchObject({ code: 409, success: false });
  });
});
