import { useTranslation } from 'react-i18next';
import type { GridColDef } from '@mui/x-data-grid';
import type { Batch } from '../../../shared/api/acquisition.ts';
import { BATCH_STATES, type BatchState } from '../../../shared/domain/batch-rules.ts';
import { CrudScreen } from '../../kit/crud/crud-screen.tsx';
import { textWidth, type ColumnOverrides } from '../../kit/grid/columns.ts';
import { batchResource } from './batch.resource.ts';
import { BatchDetail } from './batch-detail.tsx';
import { BatchStateChip, money } from './batch-format.tsx';
import { localName } from '../../lib/local-name.ts';
import { batchFieldSlots, FORM_FIELDS } from './batch-form-fields.tsx';
import { BatchStateAction } from './batch-state-action.tsx';

/**
 * The list's columns (checked against the 1440 px layout in batch-screen.test.tsx). The acceptance
 * date and the discount rate are in the detail: with them the row no longer fits beside its
 * actions in English with both totals whole (the two totals show the discount's effect).
 */
export const BATCH_COLUMNS = ['BatchNo', 'State', 'BranchName', 'Bookseller', 'RegisteredOn', 'Quantity', 'TotalPrice', 'TotalDiscountPrice'] as const;

const moneyColumn: Partial<GridColDef> = { valueFormatter: (v: unknown) => money(v) };

/** Column overrides; the state chip (icon + label, 13 px) is sized to its longest label. */
export function batchColumnOverrides(stateLabel: (s: BatchState) => string, lang: string): ColumnOverrides {
  const chip = Math.max(...BATCH_STATES.map((s) => textWidth(stateLabel(s), 13))) + CHIP_EXTRA;
  return {
    State: { renderCell: ({ row }: { row: Batch }) => <BatchStateChip state={row.State} />, minWidth: chip + 24 },
    BranchName: { valueGetter: (_v: unknown, row: Batch) => localName(row.BranchName, row.BranchEnName, lang) },
    TotalPrice: moneyColumn,
    TotalDiscountPrice: moneyColumn,
  };
}
/** A small outlined chip around its label: the icon with its margins, the label's padding, the border. */
const CHIP_EXTRA = 18 + 4 + 12 + 2;

/** Today in the browser's calendar: the registration date a new batch starts with. */
const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/**
 * /batch: acquisition batches — search by number or bookseller, filter by state and branch; add
 * and edit in the form; accept, close and reopen with a confirmation; the detail shows the figures
 * computed from the batch's copies and opens the copies themselves.
 */
export default function BatchScreen() {
  const { t, i18n } = useTranslation('acquisition');
  const overrides = batchColumnOverrides((s) => t(`resources.batch.options.State.${s}`), i18n.language);
  // One state action at a time: the actions column is sized to the longest of them.
  const longest = (['accept', 'close', 'reopen'] as const).map((a) => t(`actions.${a}`)).sort((a, b) => textWidth(b) - textWidth(a))[0]!;
  return (
    <CrudScreen
      config={{
        resource: batchResource,
        columns: BATCH_COLUMNS,
        columnOverrides: overrides,
        filters: ['SearchKey', 'State', 'BranchID'],
        form: { fields: FORM_FIELDS, fieldSlots: batchFieldSlots },
        defaultEntry: { Currency: 'CNY', DiscountRate: 100, RegisteredOn: today(), ResourceTypeID: null, AcceptedOn: null },
        slots: {
          rowActions: (row) => <BatchStateAction row={row} />,
          rowActionLabels: [longest],
          detail: (row) => <BatchDetail row={row} />,
        },
      }}
    />
  );
}
