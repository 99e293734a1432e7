import { beforeEach, describe, expect, it } from 'vitest';
import { TEMPLATE_PRESETS, type LabelTemplate } from '../../../shared/domain/printing/label-template.ts';
import {
  allTemplates, choiceFor, deleteTemplate, exportStyles, importStyles, resetLabelStylesForTests, saveTemplate, setChoice, setOffset,
  setPrinter, templateFor, templateProblem,
} from './label-styles.ts';

const read = () => JSON.parse(exportStyles()) as Parameters<typeof allTemplates>[0];
const sheet = (name: string, over: Partial<Extract<LabelTemplate, { kind: 'sheet' }>> = {}): LabelTemplate => ({
  kind: 'sheet', name, page: { width: 210, height: 297 }, rows: 8, cols: 3, label: { width: 64, height: 33.9 }, margin: { top: 13, left: 7 }, gap: { x: 2, y: 0 }, offset: { x: 0, y: 0 }, ...over,
});

beforeEach(() => {
  localStorage.clear();
  resetLabelStylesForTests();
});

describe('label styles (held client-side, per desk)', () => {
  it('a desk template is saved beside the presets; offsets and printer are kept per template and follow a rename', () => {
    saveTemplate(sheet('Herma 4452'));
    setOffset('Herma 4452', { x: 0.34, y: -1.26 });
    setPrinter('Herma 4452', 'Office');
    expect(allTemplates(read()).map((t) => t.name)).toEqual([...TEMPLATE_PRESETS.map((t) => t.name), 'Herma 4452']);
    // Offsets are kept to a tenth of a millimetre, within ±20 mm.
    expect(templateFor(read(), 'Herma 4452').offset).toEqual({ x: 0.3, y: -1.3 });
    saveTemplate(sheet('Herma 4452 (library)'), 'Herma 4452');
    const s = read();
    expect(s.templates.map((t) => t.name)).toEqual(['Herma 4452 (library)']);
    expect(s.offsets).toEqual({ 'Herma 4452 (library)': { x: 0.3, y: -1.3 } });
    expect(s.printers).toEqual({ 'Herma 4452 (library)': 'Office' });
    deleteTemplate('Herma 4452 (library)');
    expect(read()).toMatchObject({ templates: [], offsets: {}, printers: {} });
  });

  it('refuses a preset\'s name, a name in use, labels off the page and bad numbers', () => {
    saveTemplate(sheet('Mine'));
    const s = read();
    expect(templateProblem(s, sheet(TEMPLATE_PRESETS[0]!.name))).toBe('presetName');
    expect(templateProblem(s, sheet('Mine'))).toBe('duplicateName');
    expect(templateProblem(s, sheet('Mine'), 'Mine')).toBeNull();
    expect(templateProblem(s, sheet('Wide', { cols: 4 }))).toBe('doesNotFit');
    expect(templateProblem(s, sheet('Tall', { rows: 9 }))).toBe('doesNotFit');
    expect(templateProblem(s, sheet('NaN', { rows: Number.NaN }))).toBe('invalid');
    expect(templateProblem(s, sheet('Tiny', { label: { width: 3, height: 10 } }))).toBe('invalid');
  });

  it('export and import carry templates, offsets, printers and last choices to another desk; a bad file changes nothing', () => {
    saveTemplate(sheet('Spine 48'));
    setOffset('Spine 48', { x: 1.2, y: 0 });
    setOffset(TEMPLATE_PRESETS[0]!.name, { x: -0.5, y: 0.5 });
    setPrinter('Spine 48', 'Zebra');
    setChoice('spine', { template: 'Spine 48', format: 'CODE128' });
    const file = exportStyles();

    localStorage.clear();
    resetLabelStylesForTests();
    saveTemplate(sheet('Spine 48', { rows: 2 }));
    saveTemplate(sheet('Kept'));
    expect(importStyles(file)).toEqual({ ok: true, templates: 1 });
    const s = read();
    expect(s.templates.map((t) => [t.name, t.kind === 'sheet' && t.rows])).toEqual([['Kept', 8], ['Spine 48', 8]]);
    expect(templateFor(s, TEMPLATE_PRESETS[0]!.name).offset).toEqual({ x: -0.5, y: 0.5 });
    expect(choiceFor(s, 'spine')).toEqual({ template: 'Spine 48', format: 'CODE128' });

    const before = exportStyles();
    expect(importStyles('not json')).toEqual({ ok: false, reason: 'notStyles' });
    expect(importStyles(JSON.stringify({ ...JSON.parse(file), version: 2 }))).toEqual({ ok: false, reason: 'notStyles' });
    const offPage = { ...JSON.parse(file), templates: [sheet('Good'), sheet('Off', { cols: 5 })] };
    expect(importStyles(JSON.stringify(offPage))).toEqual({ ok: false, reason: 'doesNotFit', name: 'Off' });
    expect(exportStyles()).toBe(before);
  });
});
