import { CrudScreen } from '../../kit/crud/crud-screen.tsx';
import { branchResource } from './branch.resource.ts';

/** /resource-mana/basic-set/branch: branch libraries with address, contact and opening hours. */
export default function BranchScreen() {
  return (
    <>
      <CrudScreen
        config={{
          resource: branchResource,
          columns: ['Code', 'Name', 'EnName', 'Address', 'OpenHours', 'AreaCount', 'CopyCount'],
          filters: ['SearchKey'],
          form: { fields: ['Code', 'Name', 'EnName', 'Address', 'Contact', 'Phone', 'OpenHours', 'Sort'] },
          defaultEntry: { Sort: 0 },
        }}
      />
    </>
  );
}
