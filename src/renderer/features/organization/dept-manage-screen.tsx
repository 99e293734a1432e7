import { organizationCalls as c } from '../../../shared/api/organization.ts';
import { TreeLookup } from './tree-lookup.tsx';

const calls = { tree: c.getDepartmentTree, add: c.addDepartment, update: c.updateDepartment, remove: c.deleteDepartment, move: c.moveDepartment };

// The screen gate wraps every routed screen in its ScreenFrame (data-testid="screen-<path>").

/** /department/dept-manage: the tree of reader departments (staff), with member counts. */
export default function DeptManageScreen() {
  return (
    <TreeLookup calls={calls} kind="dept" />
  );
}
