import type { TFunction } from 'i18next';
import type { LabelStyles } from '../../../shared/domain/printing/label-template.ts';
import { bridge, bridgeErrorKey } from '../../lib/bridge.ts';
import { choiceFor, templateFor } from './label-styles.ts';

/**
 * Barcode labels for a list of barcodes, queued at this desk's print queue with the barcode
 * template, type and printer last chosen (label-styles.ts). Needs no gateway: the pre-print of a
 * typed range uses it while the network is down.
 */
export async function printBarcodeLabels(
  t: TFunction, styles: LabelStyles, printers: readonly string[], input: { barcodes: readonly string[]; heading: string; title: string },
): Promise<{ severity: 'success' | 'error'; text: string }> {
  const choice = choiceFor(styles, 'barcode');
  const template = templateFor(styles, choice.template);
  const remembered = styles.printers[template.name];
  const printer = remembered && printers.includes(remembered) ? remembered : printers[0];
  if (!printer) return { severity: 'error', text: t('printing:noPrinters') };
  const r = await bridge.print({
    title: input.title, printer, copies: 1, template,
    labels: input.barcodes.map((value) => ({ kind: 'barcode', value, format: choice.format, heading: input.heading.slice(0, 60) })),
  });
  return r.ok
    ? { severity: 'success', text: t('printing:preprint.queued', { count: r.data.labels, template: template.name, printer }) }
    : { severity: 'error', text: t(bridgeErrorKey(r.error)) };
}
