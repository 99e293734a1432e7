import { z } from 'zod';
import { defineCall, LIB } from '../../../shared/api/contract.ts';
import { pageOf, pageQuerySchema } from '../../../shared/api/paging.ts';
import { i18next, initI18n } from '../../lib/i18n.ts';
import { defineResource } from '../resource.ts';
import { importCallsFor } from '../../../shared/api/import.ts';

/** A test resource shaped like the spec's Branch calls, with its labels in a test namespace. */
export const branchSchema = z.object({
  ID: z.number().int(),
  Name: z.string(),
  Code: z.string(),
  Kind: z.enum(['main', 'class']),
  Open: z.boolean(),
  InUse: z.boolean(),
  UpdateTime: z.string(),
});
export type Branch = z.infer<typeof branchSchema>;

const branchInput = z.object({
  Name: z.string().trim().min(1, 'kittest:required.name').max(50),
  Code: z.string().trim().regex(/^[A-Z0-9]+$/, 'kittest:code.format'),
  Kind: z.enum(['main', 'class']).default('main'),
  Open: z.boolean().default(true),
});

const listInput = pageQuerySchema.extend({ Kind: z.enum(['main', 'class']).optional() });

export const branchCalls = {
  getList: defineCall({ id: 'branch.getList', method: 'POST', path: `${LIB}/Branch/GetList`, auth: 'user', spec: false, input: listInput, data: pageOf(branchSchema) }),
  add: defineCall({ id: 'branch.add', method: 'POST', path: `${LIB}/Branch/Add`, auth: 'user', spec: false, perm: 'basic.branch.add', input: branchInput, data: branchSchema }),
  update: defineCall({ id: 'branch.update', method: 'POST', path: `${LIB}/Branch/Update`, auth: 'user', spec: false, input: branchInput.extend({ ID: z.number().int() }), data: branchSchema }),
  delete: defineCall({ id: 'branch.delete', method: 'POST', path: `${LIB}/Branch/Delete`, auth: 'user', spec: false, input: z.object({ ID: z.number().int() }), data: z.null() }),
  ...importCallsFor({ id: 'branch', path: `${LIB}/Branch` }),
};

export const branchResource = defineResource({
  id: 'branch',
  ns: 'kittest',
  calls: { list: branchCalls.getList, create: branchCalls.add, update: branchCalls.update, delete: branchCalls.delete, importPreview: branchCalls.importPreview, importCommit: branchCalls.importCommit },
  schema: branchSchema,
  idField: 'ID',
  displayField: 'Name',
  inUse: { field: 'InUse' },
  fields: { InUse: { hidden: true } },
});

export const branchRows: Branch[] = [
  { ID: 1, Name: '总馆', Code: 'MAIN', Kind: 'main', Open: true, InUse: true, UpdateTime: '2026-01-02T08:00:00Z' },
  { ID: 2, Name: '一年级图书角', Code: 'C1', Kind: 'class', Open: true, InUse: false, UpdateTime: '2026-01-03T08:00:00Z' },
];

export function setupKitI18n(): void {
  initI18n('zh-CN');
  i18next.addResourceBundle('zh-CN', 'kittest', {
    resources: { branch: { name: '分馆', fields: { Name: '名称', Code: '代码', Kind: '类型', Open: '开放' }, help: { Code: '大写字母和数字' }, options: { Kind: { main: '总馆', class: '班级' } } } },
    required: { name: '请输入名称' },
    code: { format: '代码只能包含大写字母和数字' },
  }, true, true);
  i18next.addResourceBundle('en-US', 'kittest', {
    resources: { branch: { name: 'Branch', fields: { Name: 'Name', Code: 'Code', Kind: 'Kind', Open: 'Open' }, help: { Code: 'Capitals and digits' }, options: { Kind: { main: 'Main library', class: 'Class corner' } } } },
    required: { name: 'Please enter the name' },
    code: { format: 'The code may only hold capitals and digits' },
  }, true, true);
}
