import { useId, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FactList } from './fact-list.tsx';
import { fieldSpecs } from '../fields/field-spec.ts';
import { formatValue } from '../fields/format-value.ts';
import type { ResourceLabels } from '../labels.ts';
import type { ResourceDef } from '../resource.ts';

export interface DetailPaneProps {
  resource: ResourceDef;
  row: Record<string, unknown>;
  labels: ResourceLabels;
  /** Replaces the default field list (EntryManager's detailComponent). */
  children?: ReactNode;
  actions: ReactNode;
  onClose: () => void;
}

/** The selected entry in a side drawer: its fields as label/value pairs, or the screen's own detail slot. */
export function DetailPane({ resource: r, row, labels, children, actions, onClose }: DetailPaneProps) {
  const { t } = useTranslation(['kit', 'common']);
  const specs = useMemo(() => fieldSpecs(r.schema, r.fields).filter((s) => !s.hidden), [r]);
  const titleId = useId();
  return (
    // The drawer is a dialog; its entry's name names it.
    <Drawer anchor="right" open onClose={onClose} slotProps={{ paper: { sx: { width: { xs: '100%', sm: 420 }, p: 2 }, 'aria-labelledby': titleId } as object }}>
      <Stack spacing={2} data-testid="kit-detail">
        <Typography variant="h6" component="h2" id={titleId}>{String(row[r.displayField] ?? '')}</Typography>
        {children ?? <FactList facts={specs.map((s) => ({ key: s.name, label: labels.field(s.name), value: formatValue(s, row[s.name], labels, (b) => t(b ? 'kit:yes' : 'kit:no')) }))} />}
        <Stack direction="row" spacing={1}>
          {actions}
          <Button onClick={onClose} data-testid="kit-detail-close">{t('common:actions.back')}</Button>
        </Stack>
      </Stack>
    </Drawer>
  );
}
