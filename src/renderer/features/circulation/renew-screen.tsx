import { DeskScreen } from './desk-screen.tsx';

/** /surrency/renew: the desk in renew mode (desk-screen.tsx). */
export default function RenewScreen() {
  return <DeskScreen mode="renew" />;
}
