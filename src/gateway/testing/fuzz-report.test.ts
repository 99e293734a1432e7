import { describe, expect, it } from 'vitest';
import { formatReport, groupAcrossCalls, groupByCall, normalise, type Failure } from './fuzz-report.ts';

const failure = (o: Partial<Failure>): Failure => ({
  kind: 'error-envelope', call: 'x.y', principal: 'admin', status: 400, detail: 'without data.Issues', input: {}, reply: '', seq: 1, ...o,
});

describe('fuzz report', () => {
  it('tells failures apart by what the reply says, not by the values it echoes', () => {
    const n = (message: string, input: unknown) => normalise(failure({ message, input }));
    expect(n('本校没有账号 t GEpZqQ', { A: 't GEpZqQ ' })).toBe(n('本校没有账号 admin9', { A: 'admin9' }));
    expect(n('无权添加该菜单：　', { Urls: ['　'] })).toBe(n('无权添加该菜单：/x/y', { Urls: ['/x/y'] }));
    expect(n('Unknown permission: a, 鳫', { P: ['a', '鳫'] })).toBe('without data.Issues — Unknown permission: …');
    expect(n('No such day: 0001-01-01', {})).toBe(n('No such day: 9999-12-31', {}));
    // A plain word of the message stays even when the input holds it.
    expect(n('The file cannot be read; make sure it is an Excel .xlsx file', { FileName: '.xlsx' })).toContain('Excel .xlsx file');
    // The harness's own words are never taken for an echo.
    expect(normalise(failure({ kind: 'invisible-echo', detail: 'a bidi control (U+202E) sent in this request', input: { A: 'E) s' } })))
      .toBe('a bidi control (U+…) sent in this request');
    expect(n('请求无效', 'x')).not.toBe(n('Invalid request', 'x'));
    expect(n('书架区域必须属于同一馆藏地', { Name: '馆藏地' })).toBe('without data.Issues — 书架区域必须属于同一馆藏地');
    expect(n('Unknown permission:  鳫x, 丅脤丌帰三', { P: [' 鳫x', '丅脤丌帰三'] })).toBe('without data.Issues — Unknown permission: …');
    expect(n('未知的权限：\\, :#S', { P: ['\\', ':#S'] })).toBe(n('未知的权限： x', { P: [' x'] }));
    expect(n('无权添加该菜单：\tT', { U: ['\tT'] })).toBe(n('无权添加该菜单：…', { U: ['朆'] }));
  });

  it('groups per call and across calls, keeping the smallest input and every call', () => {
    const fs = [
      failure({ call: 'a.b', message: '角色不存在', input: { ID: 12345, Name: 'long name' } }),
      failure({ call: 'a.b', message: '角色不存在', input: { ID: 1 } }),
      failure({ call: 'c.d', principal: 'reader', message: '角色不存在', input: { ID: 2 } }),
      failure({ kind: 'server-error', status: 500, detail: 'RangeError', message: 'No such day: 0020-02-29', call: 'c.d', input: { D: '0020-02-29' } }),
    ];
    expect(groupByCall(fs).map((g) => [g.smallest.call, g.count])).toEqual([['a.b', 2], ['c.d', 1], ['c.d', 1]]);
    const across = groupAcrossCalls(fs);
    expect(across).toHaveLength(2);
    const roles = across.find((g) => g.smallest.kind === 'error-envelope')!;
    expect([...roles.calls.keys()]).toEqual(['a.b', 'c.d']);
    expect(roles.smallest.input).toEqual({ ID: 1 });
    const md = formatReport(fs, '# t');
    expect(md).toContain('## server-error');
    expect(md).toContain('a.b (admin), c.d (reader)');
  });
});
