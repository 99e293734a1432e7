import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import type { ResourceTypeRule } from '../../../shared/domain/borrowing/schemas.ts';

export type RuleDraft = Partial<ResourceTypeRule>;
export const RULE_NUMBERS = ['MaxLoans', 'LoanDays', 'RenewDays', 'MaxRenewals'] as const;
type RuleNumber = (typeof RULE_NUMBERS)[number];

interface Props {
  value: readonly RuleDraft[];
  onChange: (rows: RuleDraft[]) => void;
  types: ReadonlyArray<{ ID: string; Name: string; EnName: string }>;
  /** Values a new row starts from (the group's own loan days, renew days, renewals). */
  rowDefaults: Omit<ResourceTypeRule, 'ResourceTypeID'>;
  /** Already translated: the list's message (e.g. a duplicate type) and each row's field messages. */
  listError?: string;
  rowErrors?: ReadonlyArray<Partial<Record<keyof ResourceTypeRule, string>> | undefined>;
  disabled?: boolean;
}

/**
 * Per-resource-type limits of a permission group, edited as a small table. A type appears at most
 * once: a row's select offers the types no other row uses, and Add picks the first free type (the
 * shared schema refuses duplicates anyway).
 */
export function TypeLimitsEditor({ value, onChange, types, rowDefaults, listError, rowErrors, disabled }: Props) {
  const { t, i18n } = useTranslation('borrow-rules');
  const used = new Set(value.map((r) => r.ResourceTypeID));
  const free = types.filter((ty) => !used.has(ty.ID));
  const label = (ty: { Name: string; EnName: string }) => (i18n.language === 'en-US' && ty.EnName ? ty.EnName : ty.Name);
  const patch = (i: number, p: RuleDraft) => onChange(value.map((r, j) => (j === i ? { ...r, ...p } : r)));
  const num = (raw: string) => (raw === '' ? undefined : Number(raw));

  return (
    <fieldset style={{ border: 0, margin: 0, padding: 0 }} data-testid="type-limits">
      <Typography component="legend" variant="subtitle2">{t('resources.permission-group.fields.ByResourceType')}</Typography>
      <Typography variant="caption" color="text.secondary" component="p">{t('typeLimits.help')}</Typography>
      {value.length > 0 && (
        <Table size="small" aria-label={t('resources.permission-group.fields.ByResourceType')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('typeLimits.type')}</TableCell>
              {RULE_NUMBERS.map((f) => <TableCell key={f}>{t(`resources.permission-group.fields.${f}`)}</TableCell>)}
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {value.map((row, i) => {
              const errs = rowErrors?.[i];
              return (
                <TableRow key={i} data-testid={`type-limit-row-${i}`}>
                  <TableCell sx={{ minWidth: 140 }}>
                    <TextField
                      select size="small" fullWidth value={row.ResourceTypeID ?? ''} disabled={disabled}
                      error={errs?.ResourceTypeID != null} helperText={errs?.ResourceTypeID}
                      onChange={(e) => patch(i, { ResourceTypeID: e.target.value })}
                      slotProps={{ select: { SelectDisplayProps: { 'data-testid': `type-limit-type-${i}`, 'aria-label': t('typeLimits.type') } as object } }}
                    >
                      {types.map((ty) => (
                        <MenuItem key={ty.ID} value={ty.ID} disabled={ty.ID !== row.ResourceTypeID && used.has(ty.ID)}>{label(ty)}</MenuItem>
                      ))}
                    </TextField>
                  </TableCell>
                  {RULE_NUMBERS.map((f: RuleNumber) => (
                    <TableCell key={f} sx={{ minWidth: 96 }}>
                      <TextField
                        size="small" type="number" fullWidth value={row[f] ?? ''} disabled={disabled}
                        error={errs?.[f] != null} helperText={errs?.[f]}
                        onChange={(e) => patch(i, { [f]: num(e.target.value) })}
                        slotProps={{ htmlInput: { min: 0, step: 1, inputMode: 'numeric', 'aria-label': t(`resources.permission-group.fields.${f}`), 'data-testid': `type-limit-${i}-${f}` } }}
                      />
                    </TableCell>
                  ))}
                  <TableCell padding="checkbox">
                    <IconButton aria-label={t('typeLimits.remove')} disabled={disabled} onClick={() => onChange(value.filter((_, j) => j !== i))} data-testid={`type-limit-remove-${i}`}>
                      <DeleteOutlined />
                    </IconButton>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
      {listError && <Alert severity="error" sx={{ mt: 1 }} data-testid="type-limits-error">{listError}</Alert>}
      <Button
        size="small" startIcon={<AddOutlined />} sx={{ mt: 1 }} disabled={disabled || free.length === 0}
        onClick={() => onChange([...value, { ResourceTypeID: free[0]!.ID, ...rowDefaults }])} data-testid="type-limit-add"
      >
        {t('typeLimits.add')}
      </Button>
    </fieldset>
  );
}
