import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CrudScreen } from '../../kit/crud/crud-screen.tsx';
import type { GroupRow } from '../../../shared/api/borrow-rules.ts';
import type { ResourceTypeRule } from '../../../shared/domain/borrowing/schemas.ts';
import { permissionGroupResource } from './permission-group.resource.ts';
import { TypeLimitsDetail } from './type-limits-detail.tsx';
import { TypeLimitsField } from './type-limits-field.tsx';
import { typeRulesSummary, useResourceTypes } from './use-resource-types.ts';

// The server assigns the ID of a new group; an edit keeps the row's.
const withId = (values: FieldValues, ctx: { entry?: GroupRow }): FieldValues => ({ ...values, ID: ctx.entry?.ID ?? 'new' });

/** The list's columns (also checked against the 1440 px layout in borrow-permission-columns.test.ts). */
export const PERMISSION_GROUP_COLUMNS = ['Name', 'MaxLoans', 'LoanDays', 'RenewDays', 'MaxRenewals', 'OverdueRenewal', 'ByResourceType', 'IsDefault', 'AssignmentCount'] as const;

/** /borrow-permission: permission groups with loan quantity, loan and renewal days, renewals, overdue policy, and per-type limits. */
export default function BorrowPermissionScreen() {
  const { t } = useTranslation('borrow-rules');
  const types = useResourceTypes();
  return (
    <CrudScreen
      config={{
        resource: permissionGroupResource,
        columns: PERMISSION_GROUP_COLUMNS,
        columnOverrides: {
          ByResourceType: { valueFormatter: (v: ResourceTypeRule[] | undefined) => typeRulesSummary(v ?? [], types.nameOf, t) },
        },
        filters: ['SearchKey'],
        form: {
          fields: ['Name', 'EnName', 'MaxLoans', 'LoanDays', 'RenewDays', 'MaxRenewals', 'OverdueRenewal', 'IsDefault', 'ByResourceType'],
          fieldSlots: { ByResourceType: (_spec, control) => <TypeLimitsField control={control} /> },
        },
        defaultEntry: { ID: 'new', ByResourceType: [], MaxLoans: 3, LoanDays: 30, RenewDays: 15, MaxRenewals: 1, OverdueRenewal: 'block-item', IsDefault: false, EnName: '' },
        beforeSave: withId,
        slots: { detail: (row) => <TypeLimitsDetail row={row} /> },
      }}
    />
  );
}
