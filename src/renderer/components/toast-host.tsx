import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { toastStore } from '../lib/toast-store.ts';

/** Shows the oldest pending toast; each disappears after its duration (2000 ms by default). */
export function ToastHost() {
  const { t } = useTranslation();
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.get, toastStore.get);
  const current = toasts[0];
  return (
    <Snackbar
      key={current?.id}
      open={current != null}
      autoHideDuration={current?.duration ?? null}
      onClose={(_e, reason) => {
        if (reason !== 'clickaway' && current) toastStore.dismiss(current.id);
      }}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
    >
      {current ? (
        <Alert data-testid="toast" severity={current.severity} variant="filled" onClose={() => toastStore.dismiss(current.id)}>
          {current.key ? t(current.key) : current.text}
        </Alert>
      ) : undefined}
    </Snackbar>
  );
}
