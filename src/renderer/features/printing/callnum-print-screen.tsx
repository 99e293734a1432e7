/** /callnumprint/common: spine (call-number) labels for scanned copies. */
import { LabelPrintScreen } from './label-print-screen.tsx';

export default function CallNumberPrintScreen() {
  return <LabelPrintScreen kind="spine" offprint={false} />;
}
