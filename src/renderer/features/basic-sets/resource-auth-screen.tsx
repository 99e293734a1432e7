import { LookupTable } from '../../kit/lookup-table/lookup-table.tsx';
import { resourceAuthResource } from './resource-auth.resource.ts';

/** /resource-mana/basic-set/resource-auth: who may borrow each resource type, and portal visibility. */
export default function ResourceAuthScreen() {
  return (
    <>
      <LookupTable
        config={{
          resource: resourceAuthResource,
          fields: ['BorrowTeacher', 'BorrowStudent', 'BorrowParent', 'BorrowOther', 'PortalVisible'],
          readOnlyFields: ['Code', 'Name'],
        }}
      />
    </>
  );
}
