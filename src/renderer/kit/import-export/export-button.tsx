import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import type { CallDef } from '../../../shared/api/contract.ts';
import { toast } from '../../lib/toast-store.ts';
import { useStartJob } from '../../lib/use-start-job.ts';
import { useSession } from '../../lib/use-session.ts';

/**
 * Starts an export job (a call returning { DataID }); the download-task panel opens and tracks it.
 * Hidden without the call's operation key.
 */
export function ExportButton({ call: def, input, label }: { call: CallDef; input: Record<string, unknown>; label?: string }) {
  const { t } = useTranslation('kit');
  const ops = useSession().menus?.Operations ?? [];
  const job = useStartJob(def);
  if (def.perm && !ops.includes('*') && !ops.includes(def.perm)) return null;
  return (
    <Button
      startIcon={<FileDownloadOutlined />}
      disabled={job.isPending}
      data-testid="kit-export"
      onClick={() => job.mutate(input as never, { onSuccess: () => void toast.key('kit:export.started', 'success') })}
    >
      {label ?? t('export.action')}
    </Button>
  );
}
