import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import { CrudScreen } from '../../kit/crud/crud-screen.tsx';
import { basicSetsCalls as c } from '../../../shared/api/basic-sets.ts';
import { useCanOp } from '../../lib/use-can-op.ts';
import { GeneratePositionsDialog } from './generate-positions-dialog.tsx';
import { shelfPositionResource } from './shelf-position.resource.ts';

/** /resource-mana/basic-set/location-num-pos: shelf positions (架位号), generated per shelf in batches. */
export default function ShelfPositionScreen() {
  const { t } = useTranslation('basic-sets');
  const [open, setOpen] = useState(false);
  const canGenerate = useCanOp(c.positionGenerate.perm);
  return (
    <>
      <CrudScreen
        config={{
          resource: shelfPositionResource,
          columns: ['Code', 'ShelfCode', 'AreaName', 'Face', 'Layer', 'Column'],
          filters: ['ShelfID', 'SearchKey'],
          slots: {
            toolbar: canGenerate ? (
              <Button variant="contained" onClick={() => setOpen(true)} data-testid="generate-positions-open">{t('positions.generate')}</Button>
            ) : null,
          },
        }}
      />
      <GeneratePositionsDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
