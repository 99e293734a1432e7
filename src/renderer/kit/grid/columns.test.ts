import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldSpec } from '../fields/field-spec.ts';
import type { ResourceLabels } from '../labels.ts';
import { actionsColumn, actionsWidth, columnFor, columnsFor, fitWidth, headerWidth, isIdentifier, textWidth, twoLineWidth } from './columns.ts';

const labels = (fields: Record<string, string> = {}): ResourceLabels => ({
  name: () => 'x',
  item: () => 'x',
  field: (f) => fields[f] ?? f,
  help: () => undefined,
  option: (_f, v) => String(v),
});

describe('text width estimate', () => {
  it('errs wide for the card numbers that were cut (common UI fonts draw digits at about 0.55–0.6 em)', () => {
    expect(textWidth('R2026000001')).toBeGreaterThanOrEqual(Math.ceil(11 * 14 * 0.62));
  });
  it('counts Chinese characters a full em and narrow glyphs less than capitals', () => {
    expect(textWidth('读者证号')).toBe(56);
    expect(textWidth('il')).toBeLessThan(textWidth('MW'));
    expect(textWidth('')).toBe(0);
    expect(textWidth('abcd', 28)).toBeGreaterThan(textWidth('abcd', 14));
  });
});

describe('header width (titles wrap to two lines)', () => {
  it('is the wider line of the best two-line split: words in English, any character in Chinese', () => {
    expect(twoLineWidth('Max loan quantity')).toBe(Math.max(textWidth('Max loan '), textWidth('quantity')));
    expect(twoLineWidth('最大借阅数量')).toBe(textWidth('最大借'));
    expect(twoLineWidth('Department/Class')).toBe(textWidth('Department/Class')); // no break inside
    expect(twoLineWidth('')).toBe(0);
    expect(headerWidth('Max renewal times')).toBeLessThan(textWidth('Max renewal times') + 24);
  });
});

describe('identifier columns', () => {
  it('are inferred from the name for text fields, from the widget for phones, and can be set either way', () => {
    expect(isIdentifier(fieldSpec('ReaderID', z.string()))).toBe(true);
    expect(isIdentifier(fieldSpec('Code', z.string()))).toBe(true);
    expect(isIdentifier(fieldSpec('ShelfCode', z.string()))).toBe(true);
    expect(isIdentifier(fieldSpec('CardNo', z.string()))).toBe(true);
    expect(isIdentifier(fieldSpec('Barcode', z.string()))).toBe(true);
    expect(isIdentifier(fieldSpec('Phone', z.string()))).toBe(true);
    expect(isIdentifier(fieldSpec('Contact', z.string().meta({ widget: 'phone' })))).toBe(true);
    expect(isIdentifier(fieldSpec('Name', z.string()))).toBe(false);
    expect(isIdentifier(fieldSpec('Notice', z.string()))).toBe(false); // ends in "ice", not a word "No"
    expect(isIdentifier(fieldSpec('BranchID', z.number()))).toBe(false); // a number/ref, shown as a name
    expect(isIdentifier(fieldSpec('Name', z.string().meta({ identifier: true })))).toBe(true);
    expect(isIdentifier(fieldSpec('Code', z.string(), { identifier: false }))).toBe(false);
  });

  it('take the width of their longest value, do not flex, and never get narrower than that', () => {
    const spec = fieldSpec('ReaderID', z.string());
    const rows = [{ ReaderID: 'R1' }, { ReaderID: 'R2026000000012345' }];
    const col = columnFor(spec, labels({ ReaderID: '读者证号' }), false, rows);
    expect(col.flex).toBe(0);
    expect(col.width).toBe(col.minWidth);
    expect(col.width).toBeGreaterThanOrEqual(textWidth('R2026000000012345') + 20);
    const shorter = columnFor(spec, labels({ ReaderID: '读者证号' }), false, [{ ReaderID: 'R1' }]);
    expect(shorter.width).toBeLessThan(col.width!);
  });

  it('leave room for their header and for eight characters while the rows load', () => {
    const col = columnFor(fieldSpec('Code', z.string()), labels({ Code: 'Storage location code' }), false, []);
    expect(col.width).toBeGreaterThanOrEqual(headerWidth('Storage location code'));
    expect(columnFor(fieldSpec('Code', z.string()), labels(), false, []).width).toBeGreaterThanOrEqual(textWidth('00000000') + 20);
  });

  it('keep their type: a numeric barcode stays a number column', () => {
    const col = columnFor(fieldSpec('Barcode', z.number().meta({ identifier: true })), labels(), false, [{ Barcode: 1234567890123 }]);
    expect(col.type).toBe('number');
    expect(col.width).toBeGreaterThanOrEqual(textWidth('1234567890123') + 20);
  });
});

describe('other columns', () => {
  it('flex, but not below their header, their options or a whole date', () => {
    const name = columnFor(fieldSpec('Name', z.string()), labels({ Name: 'Department or class of the reader' }));
    expect(name.flex).toBe(1);
    expect(name.minWidth).toBeGreaterThanOrEqual(headerWidth('Department or class of the reader'));
    const status = columnFor(fieldSpec('Status', z.enum(['active', 'reportedLost'])), labels());
    expect(status.minWidth).toBeGreaterThanOrEqual(fitWidth(['reportedLost'], 'Status'));
    // A select whose options are sentences does not claim their whole width.
    const policy = columnFor(fieldSpec('Policy', z.enum(['Any overdue item blocks all renewing and borrowing'])), labels());
    expect(policy.minWidth).toBeLessThanOrEqual(160);
    const date = columnFor(fieldSpec('ExpireAt', z.iso.date()), labels());
    expect(date.minWidth).toBeGreaterThanOrEqual(textWidth('2026-12-31') + 20);
  });
});

describe("the entry's name column", () => {
  it('is shown whole up to a limit, then flexes like other text', () => {
    const spec = fieldSpec('Name', z.string());
    const short = columnFor(spec, labels(), false, [{ Name: '学生默认组' }], true);
    expect(short.minWidth).toBeGreaterThanOrEqual(textWidth('学生默认组') + 20);
    expect(short.flex).toBe(1);
    const long = columnFor(spec, labels(), false, [{ Name: '北京市第一实验学校图书馆一年级至六年级学生默认借阅权限组' }], true);
    expect(long.minWidth).toBe(240);
    expect(columnFor(spec, labels(), false, [{ Name: '学生默认组' }]).minWidth).toBeLessThan(short.minWidth!);
  });
});

describe('actions column', () => {
  it('is labelled and sized from its buttons: more or longer buttons, a wider column', () => {
    const one = actionsWidth('操作', { labels: ['编辑'] });
    const two = actionsWidth('操作', { labels: ['编辑', '删除'] });
    const three = actionsWidth('操作', { labels: ['编辑', '删除', '设为当前学期'] });
    expect(two).toBeGreaterThan(one);
    expect(three).toBeGreaterThan(two);
    // Two small text buttons are 64 px at least each, 4 px apart, plus the cell padding.
    expect(two).toBeGreaterThanOrEqual(64 + 4 + 64 + 20);
    // English buttons are drawn in capitals.
    expect(actionsWidth('Actions', { labels: ['Make current'] })).toBeGreaterThanOrEqual(textWidth('MAKE CURRENT', 13) + 10 + 20);
    expect(actionsWidth('Actions', { icons: 2 })).toBeGreaterThanOrEqual(2 * 34 + 4 + 20);
  });

  it('never has an empty header and keeps its width', () => {
    const col = actionsColumn('Actions', { labels: ['Remove'] });
    expect(col.headerName).toBe('Actions');
    expect(col.flex).toBe(0);
    expect(col.width).toBe(col.minWidth);
    expect(col.width).toBeGreaterThanOrEqual(headerWidth('Actions'));
  });
});

describe('number columns', () => {
  it('are as wide as their longest shown value, formatted as the screen shows it, and leave the rest to text', () => {
    const spec = fieldSpec('TotalPrice', z.number());
    const rows = [{ TotalPrice: 97084.1 }, { TotalPrice: 12 }];
    const money = (v: unknown) => (v as number).toLocaleString('en-US', { minimumFractionDigits: 2 });
    const [col] = columnsFor([spec], labels({ TotalPrice: 'Total' }), { rows, overrides: { TotalPrice: { valueFormatter: money } } });
    expect(col!.minWidth).toBeGreaterThanOrEqual(textWidth('97,084.10') + 20);
    expect(col!.flex).toBe(0);
    expect(col!.width).toBe(col!.minWidth);
    // A screen that sets a number column's flex keeps it, with the same floor.
    const [flexed] = columnsFor([spec], labels({ TotalPrice: 'Total' }), { rows, overrides: { TotalPrice: { valueFormatter: money, flex: 1 } } });
    expect(flexed!.flex).toBe(1);
    expect(flexed!.minWidth).toBe(col!.minWidth);
    // Before the rows load, the usual floor.
    const [empty] = columnsFor([spec], labels({ TotalPrice: 'Total' }), { overrides: { TotalPrice: { valueFormatter: money } } });
    expect(empty!.minWidth).toBeLessThan(col!.minWidth!);
  });
});
