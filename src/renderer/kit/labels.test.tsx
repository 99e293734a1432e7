import { beforeAll, describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { changeLanguage } from '../lib/i18n.ts';
import { labelKeys, useResourceLabels } from './labels.ts';
import { branchResource, setupKitI18n } from './testing/branch-fixture.ts';

beforeAll(setupKitI18n);

describe('labels by key convention', () => {
  it('builds <ns>:resources.<id>.… keys', () => {
    const k = labelKeys(branchResource);
    expect(k.name).toBe('kittest:resources.branch.name');
    expect(k.field('Name')).toBe('kittest:resources.branch.fields.Name');
    expect(k.help('Code')).toBe('kittest:resources.branch.help.Code');
    expect(k.option('Kind', 'main')).toBe('kittest:resources.branch.options.Kind.main');
  });

  it('translates in both languages, falls back to kit:fields and then to the field name', async () => {
    await changeLanguage('zh-CN');
    const zh = renderHook(() => useResourceLabels(branchResource)).result.current;
    expect([zh.name(), zh.field('Name'), zh.option('Kind', 'class'), zh.help('Code')]).toEqual(['分馆', '名称', '班级', '大写字母和数字']);
    expect(zh.field('UpdateTime')).toBe('最后更新');
    expect(zh.field('Mystery')).toBe('Mystery');
    expect(zh.help('Name', 'from describe()')).toBe('from describe()');
    await changeLanguage('en-US');
    const en = renderHook(() => useResourceLabels(branchResource)).result.current;
    expect([en.name(), en.field('Name'), en.option('Kind', 'class'), en.field('UpdateTime')]).toEqual(['Branch', 'Name', 'Class corner', 'Last updated']);
    await changeLanguage('zh-CN');
  });
});
