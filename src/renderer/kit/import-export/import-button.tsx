import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import { useCan } from '../permissions.ts';
import type { ResourceDef } from '../resource.ts';
import { ImportDialog } from './import-dialog.tsx';

/** Opens the import dialog; hidden when the resource has no import calls or the user lacks the key. */
export function ImportButton({ resource: r }: { resource: ResourceDef }) {
  const { t } = useTranslation('kit');
  const can = useCan(r);
  const [open, setOpen] = useState(false);
  if (!r.calls.importPreview || !r.calls.importCommit || !can('import')) return null;
  return (
    <>
      <Button startIcon={<FileUploadOutlined />} onClick={() => setOpen(true)} data-testid="kit-import">{t('import.button')}</Button>
      {open && <ImportDialog resource={r} onClose={() => setOpen(false)} />}
    </>
  );
}
