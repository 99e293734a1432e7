import { DeskScreen } from './desk-screen.tsx';

/** /surrency/borrow: the desk in borrow mode (desk-screen.tsx). */
export default function BorrowScreen() {
  return <DeskScreen mode="borrow" />;
}
