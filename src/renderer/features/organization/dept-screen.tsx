import { LookupTable } from '../../kit/lookup-table/lookup-table.tsx';
import { departmentResource } from './organization.resources.ts';

// The screen gate wraps every routed screen in its ScreenFrame (data-testid="screen-<path>").

/** /dept: the reader departments of staff as a flat list with member counts, edited in place. */
export default function DeptScreen() {
  return (
    <LookupTable
      config={{
        resource: departmentResource,
        fields: ['Name', 'EnName', 'Code', 'State', 'Sort'],
        readOnlyFields: ['MemberCount'],
        defaultEntry: { ParentID: null, State: 1, Sort: 0 },
      }}
    />
  );
}
