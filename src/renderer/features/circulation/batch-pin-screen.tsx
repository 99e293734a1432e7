import { BatchPasswords } from './batch-passwords.tsx';

/** /batchpsw2 批量设置借阅密码: set many readers' borrowing PINs at once, random ones on slips (batch-passwords.tsx). */
export default function BatchPinScreen() {
  return <BatchPasswords kind="pin" />;
}
