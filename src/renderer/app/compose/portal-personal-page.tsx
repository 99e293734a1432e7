import { lazy, Suspense } from 'react';
import { PersonalPage } from '../../features/reader-account/personal-screen.tsx';

// The shell's change-password form, loaded only when the reader opens it.
const ChangePasswordDialog = lazy(() => import('../shell/change-password-dialog.tsx').then((m) => ({ default: m.ChangePasswordDialog })));

/** /search/personal: the reader's centre (features/reader-account) with the shell's change-password form. */
export default function PortalPersonalPage() {
  return (
    <PersonalPage
      passwordDialog={({ open, policy, onClose }) => (
        <Suspense fallback={null}><ChangePasswordDialog open={open} policy={policy} onClose={onClose} /></Suspense>
      )}
    />
  );
}
