import type { TFunction } from 'i18next';
import { shelfCalls } from '../../../shared/api/collection.ts';
import type { LabelContent, LabelStyles } from '../../../shared/domain/printing/label-template.ts';
import { call } from '../../lib/api-client.ts';
import { bridge, bridgeErrorKey } from '../../lib/bridge.ts';
import { choiceFor, printerFor, templateFor } from './label-styles.ts';
import type { Note } from './print-note.ts';

/**
 * Barcode labels for a list of barcodes, queued at this desk's print queue with the barcode
 * template, type and printer last chosen (label-styles.ts). Needs no gateway: the pre-print of a
 * typed range uses it while the network is down.
 */
export async function printBarcodeLabels(
  t: TFunction, styles: LabelStyles, printers: readonly string[], input: { barcodes: readonly string[]; heading: string; title: string },
): Promise<Note> {
  const choice = choiceFor(styles, 'barcode');
  const template = templateFor(styles, choice.template);
  const printer = printerFor(styles, template.name, printers);
  if (!printer) return { severity: 'error', key: 'printing:noPrinters' };
  const r = await bridge.print({
    title: input.title, printer, copies: 1, template,
    labels: input.barcodes.map((value) => ({ kind: 'barcode', value, format: choice.format, heading: input.heading.slice(0, 60) })),
  });
  return r.ok
    ? { severity: 'success', key: 'printing:preprint.queued', params: { count: r.data.labels, template: template.name, printer } }
    : { severity: 'error', key: bridgeErrorKey(r.error) };
}

/**
 * Spine or barcode labels for copies by barcode: their label data comes from the gateway once
 * (GetSshPrint, getbarcodefile: the school's name, each copy's call number, within the branches
 * the user may see), then the desk renders and queues them with the kind's template and printer.
 * Barcodes not in the collection are counted in the message.
 */
export async function printCopyLabels(
  t: TFunction, styles: LabelStyles, printers: readonly string[],
  input: { kind: 'barcode' | 'spine'; barcodes: readonly string[]; copies?: number; firstPosition?: number; title?: string },
): Promise<Note & { queued: number }> {
  const choice = choiceFor(styles, input.kind);
  const template = templateFor(styles, choice.template);
  const printer = printerFor(styles, template.name, printers);
  if (!printer) return { severity: 'error', key: 'printing:noPrinters', queued: 0 };
  const { PrintID } = await call(shelfCalls.printSelect, { Barcodes: [...input.barcodes] });
  const data = await call(shelfCalls.printData, { PrintID });
  const labels: LabelContent[] = data.Labels.map((l) => (input.kind === 'spine'
    ? { kind: 'spine', school: data.School, callNumber: l.CallNo || '—' }
    : { kind: 'barcode', value: l.Barcode, format: choice.format, heading: data.School }));
  if (!labels.length) return { severity: 'error', key: 'printing:nothingFound', queued: 0 };
  const r = await bridge.print({
    title: input.title ?? t(`printing:jobTitle.${input.kind}`, { count: labels.length }), printer, copies: input.copies ?? 1, template, labels,
    ...(input.firstPosition != null ? { firstPosition: input.firstPosition } : {}),
  });
  return r.ok
    ? labels.length < input.barcodes.length
      ? { severity: 'success', key: 'printing:queued', params: { count: r.data.labels, missing: input.barcodes.length - labels.length }, queued: r.data.labels }
      : { severity: 'success', key: 'printing:queuedAll', params: { count: r.data.labels }, queued: r.data.labels }
    : { severity: 'error', key: bridgeErrorKey(r.error), queued: 0 };
}
