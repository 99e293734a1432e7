/** /barcodeprint: barcode labels for scanned copies. */
import { LabelPrintScreen } from './label-print-screen.tsx';

export default function BarcodePrintScreen() {
  return <LabelPrintScreen kind="barcode" offprint={false} />;
}
