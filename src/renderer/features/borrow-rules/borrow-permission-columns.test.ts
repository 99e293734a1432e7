import { describe, expect, it } from 'vitest';
import { fieldSpecs } from '../../kit/fields/field-spec.ts';
import { actionsWidth, columnsFor, textWidth } from '../../kit/grid/columns.ts';
import { GRID_ROOM_AT_1440, labelsFrom, neededWidth, textAt } from '../../kit/testing/layout-1440.ts';
import zhCommon from '../../../../locales/zh-CN/common.json';
import enCommon from '../../../../locales/en-US/common.json';
import zhKit from '../../../../locales/zh-CN/kit.json';
import enKit from '../../../../locales/en-US/kit.json';
import zh from '../../../../locales/zh-CN/borrow-rules.json';
import en from '../../../../locales/en-US/borrow-rules.json';
import { PERMISSION_GROUP_COLUMNS } from './borrow-permission-screen.tsx';
import { permissionGroupResource as r } from './permission-group.resource.ts';

// The widest English header set of the built screens: nine columns with long titles.
const rows = [{ Name: '学生默认组' }, { Name: '小班借阅组' }];

describe('/borrow-permission columns at 1440 px', () => {
  for (const [lang, texts, kit, common] of [['zh-CN', zh, zhKit, zhCommon], ['en-US', en, enKit, enCommon]] as const) {
    it(`fit with the group name whole and the actions on screen (${lang})`, () => {
      const columns = columnsFor(fieldSpecs(r.schema, r.fields, PERMISSION_GROUP_COLUMNS), labelsFrom(texts, kit, r.id), { rows, displayField: r.displayField });
      const actions = actionsWidth(textAt(kit, 'actions')!, { labels: [textAt(common, 'actions.edit')!, textAt(kit, 'delete.action')!] });
      expect(neededWidth(columns) + actions).toBeLessThanOrEqual(GRID_ROOM_AT_1440);
      expect(columns.find((c) => c.field === 'Name')!.minWidth).toBeGreaterThanOrEqual(textWidth('学生默认组') + 20);
    });
  }
});
