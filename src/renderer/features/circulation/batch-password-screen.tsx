import { BatchPasswords } from './batch-passwords.tsx';

/** /batchpsw 批量重置密码: reset many readers' sign-in passwords at once (batch-passwords.tsx). */
export default function BatchPasswordScreen() {
  return <BatchPasswords kind="password" />;
}
