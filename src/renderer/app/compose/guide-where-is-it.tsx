import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import type { PublicCopy, TitleDetail } from '../../../shared/api/search.ts';
import { FloorPlanView } from '../../features/basic-sets/floor-plan-view.tsx';
import { usePublicFloorPlans } from '../../features/basic-sets/floor-plan-queries.ts';
import { spotOnPlan } from '../../features/basic-sets/floor-plan-spot.ts';

/** Copies on the shelf first: the map should lead to a copy the reader can take. */
const ON_SHELF: ReadonlyArray<PublicCopy['State']> = ['available', 'inLibraryOnly'];

/** The copy the map shows: the one picked in the list, else the first on the shelf that has a place on a plan, else any that has one. */
export function copyToShow(copies: PublicCopy[], picked: number | null, hasSpot: (c: PublicCopy) => boolean): PublicCopy | null {
  const withSpot = copies.filter(hasSpot);
  return withSpot.find((c) => c.ID === picked) ?? withSpot.find((c) => ON_SHELF.includes(c.State)) ?? withSpot[0] ?? null;
}

/** The list's "show on the map" for one copy: only for a copy whose place is on a saved plan. */
export function ShowOnMap({ copy, shown, onShow }: { copy: PublicCopy; shown: boolean; onShow: (id: number) => void }) {
  const { t } = useTranslation('guide');
  const plans = usePublicFloorPlans([copy.BranchID]);
  if (!spotOnPlan(plans.get(copy.BranchID), copy)) return null;
  return (
    <Button variant={shown ? 'contained' : 'outlined'} startIcon={<PlaceOutlined />} onClick={() => onShow(copy.ID)} aria-pressed={shown} data-testid={`show-on-map-${copy.Barcode}`}>
      {t(shown ? 'where.shown' : 'where.show')}
    </Button>
  );
}

/** "Where is it": the branch's plan with the copy's shelf area lit and the kiosk's spot. */
export function WhereIsIt({ d, picked }: { d: TitleDetail; picked: number | null }) {
  const { t, i18n } = useTranslation('guide');
  const branches = [...new Set(d.CopiesList.map((c) => c.BranchID))];
  const plans = usePublicFloorPlans(branches);
  const copy = copyToShow(d.CopiesList, picked, (c) => spotOnPlan(plans.get(c.BranchID), c) != null);
  if (!copy) return null;
  const plan = plans.get(copy.BranchID)!;
  const lit = spotOnPlan(plan, copy)!;
  const en = i18n.language === 'en-US';
  const names = plan.Areas.filter((a) => lit.includes(a.ShelfAreaID)).map((a) => (en ? a.EnName : a.Name)).join(', ');
  return (
    <Paper variant="outlined" component="section" sx={{ p: 2, borderWidth: 2, width: 600 }} data-testid="where-is-it" data-copy={copy.Barcode}>
      <Stack spacing={1}>
        <Typography variant="h5" component="h2" sx={{ fontWeight: 600 }}>{t('where.heading')}</Typography>
        <Typography variant="h6" component="p">{t('where.text', { area: names, branch: en ? copy.BranchEnName : copy.BranchName, callNo: copy.CallNo })}</Typography>
        <FloorPlanView plan={plan} lit={lit} width={568} en={en} labels={{ map: t('where.map'), lit: (n) => t('where.lit', { names: n }), youAreHere: t('where.youAreHere') }} />
      </Stack>
    </Paper>
  );
}
