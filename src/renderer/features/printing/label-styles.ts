import { useSyncExternalStore } from 'react';
import {
  labelStylesSchema, labelTemplateSchema, TEMPLATE_PRESETS, templateFits,
  type BarcodeFormat, type LabelKind, type LabelStyles, type LabelTemplate,
} from '../../../shared/domain/printing/label-template.ts';

/**
 * This desk's label styles (the spec keeps print styles client-side): its own templates beside
 * the presets, the offsets measured per template, the printer per template, and the template and
 * barcode type last used per kind of label. One store in localStorage, read by every print screen
 * and edited in the print centre; exported to a file and imported at another desk.
 */
const KEY = 'lib.label-styles';
const EMPTY: LabelStyles = { format: 'school-library.label-styles', version: 1, templates: [], offsets: {}, printers: {}, choice: {} };

let current: LabelStyles | null = null;
const listeners = new Set<() => void>();

function read(): LabelStyles {
  if (current) return current;
  try {
    const parsed = labelStylesSchema.safeParse(JSON.parse(localStorage.getItem(KEY) ?? 'null'));
    current = parsed.success ? parsed.data : EMPTY;
  } catch {
    current = EMPTY;
  }
  return current;
}

function write(next: LabelStyles) {
  current = next;
  localStorage.setItem(KEY, JSON.stringify(next));
  for (const l of listeners) l();
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

// Another window of this desk (or tab) changed them.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key !== KEY) return;
    current = null;
    for (const l of listeners) l();
  });
}

export function useLabelStyles(): LabelStyles {
  return useSyncExternalStore(subscribe, read);
}

/** The presets, then this desk's own templates. */
export const allTemplates = (s: LabelStyles): LabelTemplate[] => [...TEMPLATE_PRESETS, ...s.templates];
export const isPreset = (name: string) => TEMPLATE_PRESETS.some((p) => p.name === name);

/** The template by name with this desk's offsets applied. */
export function templateFor(s: LabelStyles, name: string | undefined): LabelTemplate {
  const base = allTemplates(s).find((t) => t.name === name) ?? TEMPLATE_PRESETS[0]!;
  return { ...base, offset: s.offsets[base.name] ?? base.offset };
}

/** The printer remembered for a template if this computer still has it, else its first printer ('' when none). */
export function printerFor(s: LabelStyles, template: string, printers: readonly string[]): string {
  const remembered = s.printers[template];
  return remembered && printers.includes(remembered) ? remembered : printers[0] ?? '';
}

const DEFAULT_TEMPLATE: Record<LabelKind, string> = { barcode: TEMPLATE_PRESETS[0]!.name, spine: TEMPLATE_PRESETS[1]!.name, card: TEMPLATE_PRESETS[5]!.name };
export function choiceFor(s: LabelStyles, kind: LabelKind): { template: string; format: BarcodeFormat } {
  return s.choice[kind] ?? { template: DEFAULT_TEMPLATE[kind], format: 'CODE128' };
}

export function setChoice(kind: LabelKind, choice: { template: string; format: BarcodeFormat }) {
  const s = read();
  write({ ...s, choice: { ...s.choice, [kind]: choice } });
}

const tenth = (v: number) => Math.round(Math.min(20, Math.max(-20, v)) * 10) / 10;
export function setOffset(template: string, offset: { x: number; y: number }) {
  const s = read();
  write({ ...s, offsets: { ...s.offsets, [template]: { x: tenth(offset.x), y: tenth(offset.y) } } });
}

export function setPrinter(template: string, printer: string) {
  const s = read();
  write({ ...s, printers: { ...s.printers, [template]: printer } });
}

export type TemplateProblem = 'invalid' | 'presetName' | 'duplicateName' | 'doesNotFit';

/** Why a template cannot be saved under its name (replacing `previous`, when editing), or null. */
export function templateProblem(s: LabelStyles, t: LabelTemplate, previous?: string): TemplateProblem | null {
  if (!labelTemplateSchema.safeParse(t).success) return 'invalid';
  if (isPreset(t.name)) return 'presetName';
  if (t.name !== previous && s.templates.some((x) => x.name === t.name)) return 'duplicateName';
  if (!templateFits(t)) return 'doesNotFit';
  return null;
}

/** Saves a desk template (new, or replacing `previous`, whose offsets and printer follow the new name). */
export function saveTemplate(t: LabelTemplate, previous?: string) {
  const s = read();
  const templates = previous ? s.templates.map((x) => (x.name === previous ? t : x)) : [...s.templates, t];
  const rename = <V>(rec: Record<string, V>) => {
    if (!previous || previous === t.name || !(previous in rec)) return rec;
    const { [previous]: v, ...rest } = rec;
    return { ...rest, [t.name]: v! };
  };
  write({ ...s, templates, offsets: rename(s.offsets), printers: rename(s.printers) });
}

export function deleteTemplate(name: string) {
  const s = read();
  const { [name]: _o, ...offsets } = s.offsets;
  const { [name]: _p, ...printers } = s.printers;
  write({ ...s, templates: s.templates.filter((x) => x.name !== name), offsets, printers });
}

export const exportStyles = (): string => JSON.stringify(read(), null, 2);

/**
 * Takes styles exported at another desk: their templates are added (one of the same name is
 * replaced), their offsets and printers override this desk's for those templates, their last
 * choices become this desk's. All or nothing: a file that is not a label-styles file, or a
 * template that does not fit its page, changes nothing.
 */
export function importStyles(text: string): { ok: true; templates: number } | { ok: false; reason: 'notStyles' | TemplateProblem; name?: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'notStyles' };
  }
  const parsed = labelStylesSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, reason: 'notStyles' };
  const f = parsed.data;
  const names = new Set<string>();
  for (const t of f.templates) {
    const problem = isPreset(t.name) ? 'presetName' : names.has(t.name) ? 'duplicateName' : templateFits(t) ? null : 'doesNotFit';
    if (problem) return { ok: false, reason: problem, name: t.name };
    names.add(t.name);
  }
  const s = read();
  write({
    ...s,
    templates: [...s.templates.filter((x) => !names.has(x.name)), ...f.templates],
    offsets: { ...s.offsets, ...f.offsets },
    printers: { ...s.printers, ...f.printers },
    choice: { ...s.choice, ...f.choice },
  });
  return { ok: true, templates: f.templates.length };
}

/** Tests start from an empty store. */
export function resetLabelStylesForTests() {
  current = null;
}
