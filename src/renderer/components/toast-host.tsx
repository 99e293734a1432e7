import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { toastHosts, toastStore } from '../lib/toast-store.ts';

/**
 * Shows the oldest pending toast; each disappears after its duration (2000 ms by default). The app
 * has one host; a layout with a theme of its own (the kiosk) mounts another inside it, and the
 * host mounted last shows the toasts. The close button is a touch target (44 px) everywhere:
 * phones use the portal.
 */
export function ToastHost({ below }: { /** Height of a header the toast should not cover (px). */ below?: number } = {}) {
  const { t } = useTranslation();
  const [id] = useState(toastHosts.newId);
  useEffect(() => toastHosts.claim(id), [id]);
  const active = useSyncExternalStore(toastHosts.subscribe, toastHosts.active, toastHosts.active);
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.get, toastStore.get);
  const current = active === id ? toasts[0] : undefined;
  return (
    <Snackbar
      key={current?.id}
      open={current != null}
      autoHideDuration={current?.duration ?? null}
      onClose={(_e, reason) => {
        if (reason !== 'clickaway' && current) toastStore.dismiss(current.id);
      }}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      {...(below ? { sx: { '&&': { top: below + 16 } } } : {})}
    >
      {current ? (
        <Alert data-testid="toast" severity={current.severity} variant="filled" onClose={() => toastStore.dismiss(current.id)} slotProps={{ closeButton: { sx: { minWidth: 44, minHeight: 44 } } }}>
          {current.key ? t(current.key) : current.text}
        </Alert>
      ) : undefined}
    </Snackbar>
  );
}
