/** /callnum-offprint: spine labels starting at any position of a partly used sheet. */
import { LabelPrintScreen } from './label-print-screen.tsx';

export default function CallNumberOffprintScreen() {
  return <LabelPrintScreen kind="spine" offprint={true} />;
}
