import { describe, expect, it } from 'vitest';
import { fieldSpecs } from '../../kit/fields/field-spec.ts';
import { actionsWidth, columnsFor, textWidth } from '../../kit/grid/columns.ts';
import { GRID_ROOM_AT_1440, labelsFrom, neededWidth, textAt } from '../../kit/testing/layout-1440.ts';
import zhCommon from '../../../../locales/zh-CN/common.json';
import enCommon from '../../../../locales/en-US/common.json';
import zhKit from '../../../../locales/zh-CN/kit.json';
import enKit from '../../../../locales/en-US/kit.json';
import zhReaders from '../../../../locales/zh-CN/readers.json';
import enReaders from '../../../../locales/en-US/readers.json';
import { READER_COLUMNS } from './reader-list-screen.tsx';
import { readerFormResource } from './readers.resource.ts';

// Rows like the demo school's: 10-digit card numbers, masked phones, long role lists.
const rows = [
  { ReaderID: 'R2026000001', Name: '周建国', Identity: 'teacher', DeptName: '图书馆', Status: 'active', Phone: '177****7771', Deposit: 0, ExpireAt: null, Roles: '系统管理员' },
  { ReaderID: 'R2026000123', Name: '欧阳思远', Identity: 'student', DeptName: '五年级2班', Status: 'active', Phone: '186****9338', Deposit: 100, ExpireAt: '2032-08-31', Roles: '班级图书管理员, 读者' },
];

describe('/user-transfer columns at 1440 px', () => {
  for (const [lang, readers, kit, common] of [['zh-CN', zhReaders, zhKit, zhCommon], ['en-US', enReaders, enKit, enCommon]] as const) {
    it(`fit without cutting the card number or pushing the actions off screen (${lang})`, () => {
      const specs = fieldSpecs(readerFormResource.schema, readerFormResource.fields, READER_COLUMNS);
      const columns = columnsFor(specs, labelsFrom(readers, kit, 'reader'), { rows, displayField: readerFormResource.displayField });
      expect(columns.map((c) => c.field)).toEqual([...READER_COLUMNS]);
      // The crud screen's row buttons: edit and delete.
      const actions = actionsWidth(textAt(kit, 'actions')!, { labels: [textAt(common, 'actions.edit')!, textAt(kit, 'delete.action')!] });
      expect(neededWidth(columns) + actions).toBeLessThanOrEqual(GRID_ROOM_AT_1440);

      const id = columns.find((c) => c.field === 'ReaderID')!;
      expect(id.flex).toBe(0);
      expect(id.width).toBeGreaterThanOrEqual(textWidth('R2026000123') + 20);
      const phone = columns.find((c) => c.field === 'Phone')!;
      expect(phone.width).toBeGreaterThanOrEqual(textWidth('186****9338') + 20);
    });
  }
});
