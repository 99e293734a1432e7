import { describe, expect, it } from 'vitest';
import type { CopyRow } from '../../../shared/api/copy-row.ts';
import { fieldSpecs } from '../../kit/fields/field-spec.ts';
import { actionsWidth, columnsFor, textWidth } from '../../kit/grid/columns.ts';
import { GRID_ROOM_AT_1440, labelsFrom, neededWidth, textAt } from '../../kit/testing/layout-1440.ts';
import zhCommon from '../../../../locales/zh-CN/common.json';
import enCommon from '../../../../locales/en-US/common.json';
import zhKit from '../../../../locales/zh-CN/kit.json';
import enKit from '../../../../locales/en-US/kit.json';
import zhCollection from '../../../../locales/zh-CN/collection.json';
import enCollection from '../../../../locales/en-US/collection.json';
import zhCatalogue from '../../../../locales/zh-CN/catalogue.json';
import enCatalogue from '../../../../locales/en-US/catalogue.json';
import { copyResource } from './copy.resource.ts';
import { COPY_COLUMNS, copyColumnOverrides } from './collection-screen.tsx';

const rows = [
  { ID: 1, Barcode: 'T00000001', Title: '火山百科全书（第9册）', CallNo: 'H319.4/1', BranchName: '总馆', BranchEnName: 'Main library', AreaName: '中文图书区', AreaEnName: 'Chinese books', ShelfMark: 'A-01-3', Storage: 2, CircState: 'borrowed', Price: 1234.5 },
] as unknown as CopyRow[];

describe('/resource-mana/resource/collection columns at 1440 px', () => {
  for (const [lang, collection, catalogue, kit, common] of [
    ['zh-CN', zhCollection, zhCatalogue, zhKit, zhCommon],
    ['en-US', enCollection, enCatalogue, enKit, enCommon],
  ] as const) {
    it(`fit beside the actions, with room for the title and the price whole (${lang})`, () => {
      const t = (k: string) => (k.startsWith('collection:') ? textAt(collection, k.slice(11)) : textAt(catalogue, k.replace(/^catalogue:/, ''))) ?? k;
      const labels = labelsFrom(collection, kit, 'copy');
      const specs = fieldSpecs(copyResource.schema, copyResource.fields, COPY_COLUMNS);
      const columns = columnsFor(specs, labels, { rows, displayField: copyResource.displayField, overrides: copyColumnOverrides(t, lang) });
      expect(columns.map((c) => c.field)).toEqual([...COPY_COLUMNS]);
      const actions = actionsWidth(textAt(kit, 'actions')!, { labels: [textAt(common, 'actions.edit')!, textAt(collection, 'actions.changeState')!, textAt(kit, 'delete.action')!] });
      expect(neededWidth(columns) + actions).toBeLessThanOrEqual(GRID_ROOM_AT_1440);
      const title = columns.find((c) => c.field === 'Title')!;
      expect(title.minWidth).toBeGreaterThanOrEqual(textWidth('火山百科全书（第') + 20);
      const where = columns.find((c) => c.field === 'AreaName')!;
      expect(title.flex).toBeGreaterThan(columns.find((c) => c.field === 'CallNo')!.flex ?? 0);
      expect(where.flex).toBe(title.flex);
      // Branch and area in one column, in the user's language.
      expect((where.valueGetter as (v: unknown, r: CopyRow) => string)(undefined, rows[0]!)).toBe(lang === 'en-US' ? 'Main library · Chinese books' : '总馆 · 中文图书区');
      expect(columns.find((c) => c.field === 'Price')!.minWidth).toBeGreaterThanOrEqual(textWidth('1,234.50') + 20);
    });
  }
});
