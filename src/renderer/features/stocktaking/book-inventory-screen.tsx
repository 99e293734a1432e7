import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { STOCKTAKE_OPS } from '../../../shared/api/stocktaking.ts';
import { useCanOp } from '../../lib/use-can-op.ts';
import { StartForm } from './start-form.tsx';
import { StocktakeDesk } from './stocktake-desk.tsx';
import { StocktakeList } from './stocktake-list.tsx';

const KEY = 'lib.stocktake';

/**
 * /book-inventory 图书盘点: start a stocktake of some collection areas, then scan their shelves at
 * one desk or many. The stocktake this computer was working on is remembered, so after a pause
 * (the next day) the desk opens it again.
 */
export default function BookInventoryScreen() {
  const { t } = useTranslation(['stocktaking', 'screens']);
  const canRun = useCanOp(STOCKTAKE_OPS.run);
  const [open, setOpenState] = useState<number | null>(() => Number(localStorage.getItem(KEY)) || null);
  const setOpen = (id: number | null) => {
    if (id == null) localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, String(id));
    setOpenState(id);
  };
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Typography variant="h5" component="h1">{t('screens:titles./book-inventory')}</Typography>
      {open != null ? <StocktakeDesk id={open} onBack={() => setOpen(null)} /> : (
        <>
          {canRun && <StartForm onStarted={(s) => setOpen(s.ID)} />}
          <StocktakeList onOpen={setOpen} />
        </>
      )}
    </Stack>
  );
}
