import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import { CrudScreen } from '../../kit/crud/crud-screen.tsx';
import { basicSetsCalls as c } from '../../../shared/api/basic-sets.ts';
import { useCanOp } from '../../lib/use-can-op.ts';
import { FloorPlanDialog } from './floor-plan-dialog.tsx';
import { shelfAreaResource } from './shelf-area.resource.ts';

/** /bookshelf-area: shelf areas with shelf count and total shelf width (cm), and each branch's floor plan (the kiosk's "where is it"). */
export default function ShelfAreaScreen() {
  const { t } = useTranslation('basic-sets');
  const [planOpen, setPlanOpen] = useState(false);
  const canPlan = useCanOp(c.floorPlanSave.perm);
  return (
    <>
      <CrudScreen
        config={{
          resource: shelfAreaResource,
          columns: ['Code', 'Name', 'EnName', 'AreaName', 'ShelfCount', 'TotalWidthCm'],
          filters: ['AreaID', 'SearchKey'],
          form: { fields: ['AreaID', 'Code', 'Name', 'EnName', 'Sort'] },
          defaultEntry: { Sort: 0 },
          slots: {
            toolbar: canPlan ? <Button variant="outlined" onClick={() => setPlanOpen(true)} data-testid="floor-plan-open">{t('floorPlan.open')}</Button> : null,
          },
        }}
      />
      {planOpen && <FloorPlanDialog open onClose={() => setPlanOpen(false)} />}
    </>
  );
}
