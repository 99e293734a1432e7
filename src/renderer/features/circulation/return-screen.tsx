import { DeskScreen } from './desk-screen.tsx';

/** /surrency/return: the desk in return mode (desk-screen.tsx). */
export default function ReturnScreen() {
  return <DeskScreen mode="return" />;
}
