import QuickCataloguingScreen from '../../features/catalogue/quick-cataloguing-screen.tsx';
import { TagWriterPanel } from '../../features/rfid/tag-writer-panel.tsx';
import { useCopyLabelStep } from '../../features/printing/copy-label-step.tsx';

/**
 * /book-editing1 at a desk: after each save, the book on the RFID board gets its tag (features/rfid)
 * and then its spine and barcode labels are queued (features/printing), in one pass.
 */
export default function QuickCataloguingDesk() {
  const labels = useCopyLabelStep();
  return <QuickCataloguingScreen tagStep={(barcodes) => <TagWriterPanel barcodes={barcodes} onTagged={labels.onTagged} options={labels.options} />} />;
}
