import { organizationCalls as c } from '../../../shared/api/organization.ts';
import { TreeLookup } from './tree-lookup.tsx';

const calls = { tree: c.getOrgDepartmentTree, add: c.addOrgDepartment, update: c.updateOrgDepartment, remove: c.deleteOrgDepartment, move: c.moveOrgDepartment };

// The screen gate wraps every routed screen in its ScreenFrame (data-testid="screen-<path>").

/** /orgdept: the school's administrative organisation tree. */
export default function OrgDeptScreen() {
  return (
    <TreeLookup calls={calls} kind="org" />
  );
}
