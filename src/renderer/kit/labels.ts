import { useTranslation } from 'react-i18next';
import type { ResourceDef } from './resource.ts';

/**
 * Labels by convention (react-admin): `<ns>:resources.<id>.name`, `.fields.<Field>`,
 * `.help.<Field>` and `.options.<Field>.<value>`. Help lives beside `fields` rather than under it
 * because an i18next key cannot be both a string and an object.
 */
export function labelKeys(r: Pick<ResourceDef, 'ns' | 'id'>) {
  const base = `${r.ns}:resources.${r.id}`;
  return {
    name: `${base}.name`,
    item: `${base}.item`,
    field: (f: string) => `${base}.fields.${f}`,
    help: (f: string) => `${base}.help.${f}`,
    option: (f: string, v: string | number) => `${base}.options.${f}.${v}`,
  };
}

export interface ResourceLabels {
  /** The screen's name: a list's heading ("典藏管理 / Collection"). */
  name: () => string;
  /** One entry, in dialog titles ("编辑复本 / Edit copy"): `resources.<id>.item`, else the name. */
  item: () => string;
  field: (f: string) => string;
  /** Help text, else the schema's `.describe()`, else undefined. */
  help: (f: string, described?: string) => string | undefined;
  option: (f: string, v: string | number) => string;
}

/** Missing keys fall back to the field name / raw value, so an untranslated field is visible but never blank. */
export function useResourceLabels(r: Pick<ResourceDef, 'ns' | 'id'>): ResourceLabels {
  const { t, i18n } = useTranslation([r.ns, 'kit']);
  const k = labelKeys(r);
  return {
    name: () => t(k.name, { defaultValue: r.id }),
    item: () => t([k.item, k.name], { defaultValue: r.id }),
    // Common fields (SearchKey, UpdateTime ...) have kit-wide labels under kit:fields.
    field: (f) => t([k.field(f), `kit:fields.${f}`], { defaultValue: f }),
    help: (f, described) => (i18n.exists(k.help(f)) ? t(k.help(f)) : described),
    option: (f, v) => t(k.option(f, v), { defaultValue: String(v) }),
  };
}
