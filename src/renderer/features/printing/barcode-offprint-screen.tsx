/** /barcode-offprint: barcode labels starting at any position of a partly used sheet. */
import { LabelPrintScreen } from './label-print-screen.tsx';

export default function BarcodeOffprintScreen() {
  return <LabelPrintScreen kind="barcode" offprint={true} />;
}
