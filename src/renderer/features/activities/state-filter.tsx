import { useTranslation } from 'react-i18next';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { StateFilter } from './activity-paths.ts';

/** Running / coming soon / ended (and all, on the portal) as one row of buttons. */
export function StateFilterButtons({ value, options, onChange, large = false }: {
  value: StateFilter; options: readonly StateFilter[]; onChange: (v: StateFilter) => void; large?: boolean;
}) {
  const { t } = useTranslation('activities');
  return (
    <ToggleButtonGroup
      exclusive value={value} onChange={(_e, v: StateFilter | null) => v && onChange(v)} aria-label={t('list.filter')} size={large ? 'large' : 'small'}
      sx={{ flexWrap: 'wrap', '& .MuiToggleButton-root': { textTransform: 'none', color: 'text.primary', px: large ? 3 : 1.5, minHeight: large ? 56 : 40, fontSize: large ? '1.25rem' : undefined }, '& .Mui-selected': { fontWeight: 700, bgcolor: 'action.selected' } }}
    >
      {options.map((o) => <ToggleButton key={o} value={o} data-testid={`filter-${o}`}>{t(`states.${o}`)}</ToggleButton>)}
    </ToggleButtonGroup>
  );
}
