import { useTranslation } from 'react-i18next';
import { GridActionsCellItem, type GridActionsCellItemProps, type GridColDef, type GridValidRowModel } from '@mui/x-data-grid';
import { actionsColumn } from '../grid/columns.ts';
import Tooltip from '@mui/material/Tooltip';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import SaveOutlined from '@mui/icons-material/SaveOutlined';
import type { RowId } from '../resource.ts';

export interface RowActionHandlers {
  isEditing: (id: RowId) => boolean;
  canEdit: (row: GridValidRowModel) => boolean;
  canDelete: (row: GridValidRowModel) => boolean;
  /** Non-null: the delete button is disabled and this is its tooltip (e.g. "in use"). */
  deleteBlockedReason: (row: GridValidRowModel) => string | null;
  onEdit: (id: RowId) => void;
  onSave: (id: RowId) => void;
  onCancel: (id: RowId) => void;
  onDelete: (row: GridValidRowModel) => void;
}

/** The actions column: Save/Cancel while editing, Edit/Delete otherwise. */
export function useRowActionsColumn(h: RowActionHandlers): GridColDef {
  const { t } = useTranslation(['kit', 'common']);
  // Two icon buttons at most (edit + delete, or save + cancel).
  return actionsColumn(t('kit:actions'), { icons: 2 }, {
    type: 'actions',
    getActions: ({ id, row }) => {
      if (h.isEditing(id)) {
        return [
          <GridActionsCellItem key="save" icon={<SaveOutlined />} label={t('common:actions.save')} onClick={() => h.onSave(id)} data-testid={`row-save-${id}`} />,
          <GridActionsCellItem key="cancel" icon={<CloseOutlined />} label={t('common:actions.cancel')} onClick={() => h.onCancel(id)} data-testid={`row-cancel-${id}`} />,
        ];
      }
      const out = [];
      if (h.canEdit(row)) out.push(<GridActionsCellItem key="edit" icon={<EditOutlined />} label={t('common:actions.edit')} onClick={() => h.onEdit(id)} data-testid={`row-edit-${id}`} />);
      if (h.canDelete(row)) {
        const blocked = h.deleteBlockedReason(row);
        const props = { icon: <DeleteOutlined />, label: t('kit:delete.action'), onClick: () => h.onDelete(row), 'data-testid': `row-delete-${id}` };
        out.push(blocked ? <BlockedAction key="delete" reason={blocked} testId={`row-in-use-${id}`} {...props} /> : <GridActionsCellItem key="delete" {...props} />);
      }
      return out;
    },
  });
}

/**
 * A disabled action with a tooltip saying why. A disabled button fires no hover events, so the
 * tooltip sits on a wrapper; the grid's own props (ripple, roving tabIndex) go to the button.
 */
function BlockedAction({ reason, testId, ...item }: GridActionsCellItemProps & { reason: string; testId: string }) {
  return (
    <Tooltip title={reason}>
      <span data-testid={testId}>
        <GridActionsCellItem {...(item as GridActionsCellItemProps)} disabled />
      </span>
    </Tooltip>
  );
}
