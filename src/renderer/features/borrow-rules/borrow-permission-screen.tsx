import type { FieldValues } from 'react-hook-form';
import { CrudScreen } from '../../kit/crud/crud-screen.tsx';
import type { GroupRow } from '../../../shared/api/borrow-rules.ts';
import { permissionGroupResource } from './permission-group.resource.ts';
import { TypeLimitsDetail } from './type-limits-detail.tsx';

// The form edits the group-level limits; per-type limits ride along unchanged (shown in the detail pane).
const keepTypeLimits = (values: FieldValues, ctx: { entry?: GroupRow }): FieldValues => ({
  ...values,
  ID: ctx.entry?.ID ?? 'new',
  ByResourceType: ctx.entry?.ByResourceType ?? [],
});

/** /borrow-permission: permission groups with loan quantity, loan and renewal days, renewals, overdue policy. */
export default function BorrowPermissionScreen() {
  return (
    <>
      <CrudScreen
        config={{
          resource: permissionGroupResource,
          columns: ['Name', 'MaxLoans', 'LoanDays', 'RenewDays', 'MaxRenewals', 'OverdueRenewal', 'IsDefault', 'AssignmentCount'],
          filters: ['SearchKey'],
          form: { fields: ['Name', 'EnName', 'MaxLoans', 'LoanDays', 'RenewDays', 'MaxRenewals', 'OverdueRenewal', 'IsDefault'] },
          defaultEntry: { ID: 'new', ByResourceType: [], MaxLoans: 3, LoanDays: 30, RenewDays: 15, MaxRenewals: 1, OverdueRenewal: 'block-item', IsDefault: false, EnName: '' },
          beforeSave: keepTypeLimits,
          slots: { detail: (row) => <TypeLimitsDetail row={row} /> },
        }}
      />
    </>
  );
}
